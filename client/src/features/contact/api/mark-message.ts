import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { MessageMark, UpdateResult } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

export type MarkMessageInput = MessageMark & { id: string };

/** PATCH /contact/{id} (admin): marks a message handled or not. */
export function markMessage({ id, handled }: MarkMessageInput): Promise<UpdateResult> {
  return unwrap(api.PATCH('/contact/{id}', { params: { path: { id } }, body: { handled } }));
}

export function useMarkMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessage,
    onSettled: () => invalidate(queryClient, 'messages'),
  });
}
