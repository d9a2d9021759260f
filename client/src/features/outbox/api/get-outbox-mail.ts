import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { OpenedMail } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

export const outboxMailQueryKey = (id: string) => queryKeys.outbox.mail(id);

/** GET /admin/outbox/{id} (admin): one e-mail opened, its parts as stored (a link's token redacted). */
export function getOutboxMail(id: string, signal?: AbortSignal): Promise<OpenedMail> {
  return unwrap(api.GET('/admin/outbox/{id}', { params: { path: { id } }, signal }));
}

export const getOutboxMailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: outboxMailQueryKey(id),
    queryFn: ({ signal }) => getOutboxMail(id, signal),
    staleTime: 0,
  });

export function useOutboxMail(id: string) {
  return useQuery(getOutboxMailQueryOptions(id));
}
