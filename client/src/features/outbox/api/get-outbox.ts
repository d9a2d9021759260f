import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/types/api';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'disabled';

/** An e-mail of the outbox as GET /admin/outbox answers it. */
export interface OutboxMessage {
  _id: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError?: string;
  createdAt: string;
  sentAt?: string;
}

export const outboxQueryKey = ['outbox'] as const;

export interface OutboxParams {
  limit?: number;
  skip?: number;
}

/** GET /admin/outbox (admin): the e-mails, newest first; the total is in X-Total-Count. */
export async function getOutbox(params: OutboxParams = {}, signal?: AbortSignal): Promise<Page<OutboxMessage>> {
  const { data, headers } = await apiClient.request<OutboxMessage[]>('/admin/outbox', { query: { ...params }, signal });
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : data.length };
}

export const getOutboxQueryOptions = (params: OutboxParams = {}) =>
  queryOptions({
    queryKey: [...outboxQueryKey, params] as const,
    queryFn: ({ signal }) => getOutbox(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useOutbox(params: OutboxParams = {}) {
  return useQuery(getOutboxQueryOptions(params));
}
