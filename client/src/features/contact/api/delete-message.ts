import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DeleteResult } from '@/types/api';
import { messagesQueryKey } from './get-messages';

/** DELETE /contact/{id} (admin). */
export function deleteMessage(id: string): Promise<DeleteResult> {
  return apiClient.delete<DeleteResult>(`/contact/${encodeURIComponent(id)}`);
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}
