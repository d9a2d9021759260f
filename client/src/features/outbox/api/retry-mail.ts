import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { OpenedMail } from '@/types/api';
import { invalidate } from '@/lib/query-keys';
import { outboxMailQueryKey } from './get-outbox-mail';

/** POST /admin/outbox/{id}/retry (admin): a failed e-mail queued again; 409 when it is not failed (queued, sent, or kept). */
export function retryMail(id: string): Promise<OpenedMail> {
  return unwrap(api.POST('/admin/outbox/{id}/retry', { params: { path: { id } } }));
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: (mail) => queryClient.setQueryData(outboxMailQueryKey(mail._id), mail),
    onSettled: () => invalidate(queryClient, 'outbox'),
  });
}
