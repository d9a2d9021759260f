import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/types/api';

/** A replacement claim as GET /claims answers it. `status` is open until decided: `approved` or `rejected`. */
export interface Claim {
  _id: string;
  number: number;
  orderId: string;
  orderNumber: number;
  productName?: string;
  email: string;
  name?: string;
  reason: string;
  images: string[];
  status: string;
  note?: string;
  createdAt: string;
  decidedAt?: string;
  /** The free order an approval placed. */
  replacementOrderId?: string;
}

/** Every claim query starts with this key: mutations invalidate it. */
export const claimsQueryKey = ['claims'] as const;

export interface ClaimListParams {
  limit?: number;
  skip?: number;
}

/** GET /claims (a customer: their own; an admin: all): newest first; the total is in X-Total-Count. */
export async function getClaims(params: ClaimListParams = {}, signal?: AbortSignal): Promise<Page<Claim>> {
  const { data, headers } = await apiClient.request<Claim[]>('/claims', { query: { ...params }, signal });
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : data.length };
}

export const getClaimsQueryOptions = (params: ClaimListParams = {}) =>
  queryOptions({
    queryKey: [...claimsQueryKey, params] as const,
    queryFn: ({ signal }) => getClaims(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useClaims(params: ClaimListParams = {}) {
  return useQuery(getClaimsQueryOptions(params));
}
