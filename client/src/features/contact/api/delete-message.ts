import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { DeleteResult } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** DELETE /contact/{id} (admin). */
export function deleteMessage(id: string): Promise<DeleteResult> {
  return unwrap(api.DELETE('/contact/{id}', { params: { path: { id } } }));
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSettled: () => invalidate(queryClient, 'messages'),
  });
}
