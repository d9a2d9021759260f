import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery, OutboxMail, Page } from '@/types/api';

export type OutboxMessage = OutboxMail;


export type OutboxParams = ListQuery<'/admin/outbox'>;

/** GET /admin/outbox (admin): the e-mails, newest first; the total is in X-Total-Count. */
export async function getOutbox(params: OutboxParams = {}, signal?: AbortSignal): Promise<Page<OutboxMessage>> {
  return unwrapPage(api.GET('/admin/outbox', { params: { query: params }, signal }));
}

export const getOutboxQueryOptions = (params: OutboxParams = {}) =>
  queryOptions({
    queryKey: queryKeys.outbox.list(params),
    queryFn: ({ signal }) => getOutbox(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useOutbox(params: OutboxParams = {}) {
  return useQuery(getOutboxQueryOptions(params));
}
