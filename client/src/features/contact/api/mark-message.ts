import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { UpdateResult } from '@/types/api';
import { messagesQueryKey } from './get-messages';

export interface MarkMessageInput {
  id: string;
  handled: boolean;
}

/** PATCH /contact/{id} (admin): marks a message handled or not. */
export function markMessage({ id, handled }: MarkMessageInput): Promise<UpdateResult> {
  return apiClient.patch<UpdateResult>(`/contact/${encodeURIComponent(id)}`, { handled });
}

export function useMarkMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}
