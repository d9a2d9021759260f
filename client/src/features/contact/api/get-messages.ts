import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import type { ContactMessage, ListQuery, Page } from '@/types/api';

export type MessageListParams = ListQuery<'/contact'>;

/** GET /contact (admin): messages, newest first; the total is in X-Total-Count. */
export async function getMessages(params: MessageListParams = {}, signal?: AbortSignal): Promise<Page<ContactMessage>> {
  return unwrapPage(api.GET('/contact', { params: { query: params }, signal }));
}

export const messagesQueryKey = ['contact-messages'] as const;

export const getMessagesQueryOptions = (params: MessageListParams = {}) =>
  queryOptions({
    queryKey: [...messagesQueryKey, params] as const,
    queryFn: ({ signal }) => getMessages(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useMessages(params: MessageListParams = {}) {
  return useQuery(getMessagesQueryOptions(params));
}
