import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '@/lib/api-client';
import { invalidate, queryKeys } from '@/lib/query-keys';
import type { ListQuery, Page, Purchase } from '@/types/api';

export type CompanyPurchaseParams = ListQuery<'/companies/{id}/purchases'>;

/**
 * GET /companies/{id}/purchases (issue 45): a page of the company's purchases, newest first: every one to its
 * admins; with `awaitingApproval: 'true'` those waiting for an approver, to its approvers too.
 */
export function getCompanyPurchases(id: string, params: CompanyPurchaseParams = {}, signal?: AbortSignal): Promise<Page<Purchase>> {
  return unwrapPage(api.GET('/companies/{id}/purchases', { params: { path: { id }, query: params }, signal }));
}

export function useCompanyPurchases(id: string, params: CompanyPurchaseParams = {}) {
  return useQuery({
    queryKey: queryKeys.companies.purchases(id, params),
    queryFn: ({ signal }) => getCompanyPurchases(id, params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /groups/{id}/approve: an approver or admin of the buyer's company approves the purchase (once). */
export function approvePurchase(id: string): Promise<Purchase> {
  return unwrap(api.POST('/groups/{id}/approve', { params: { path: { id } } }));
}

/** POST /groups/{id}/decline: the same, declining it with a reason for its buyer: it is cancelled. */
export function declinePurchase({ id, reason }: { id: string; reason: string }) {
  return unwrap(api.POST('/groups/{id}/decline', { params: { path: { id } }, body: { reason } }));
}

function useApprovalMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidate(queryClient, 'companies', 'orders') });
}

export const useApprovePurchase = () => useApprovalMutation(approvePurchase);
export const useDeclinePurchase = () => useApprovalMutation(declinePurchase);
