import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ContactMessage, ListQuery, Page } from '@/types/api';

export type MessageListParams = ListQuery<'/contact'>;

/** GET /contact (admin): messages, newest first; the total is in X-Total-Count. */
export async function getMessages(params: MessageListParams = {}, signal?: AbortSignal): Promise<Page<ContactMessage>> {
  return unwrapPage(api.GET('/contact', { params: { query: params }, signal }));
}


export const getMessagesQueryOptions = (params: MessageListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.messages.list(params),
    queryFn: ({ signal }) => getMessages(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useMessages(params: MessageListParams = {}) {
  return useQuery(getMessagesQueryOptions(params));
}
