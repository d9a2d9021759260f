import { QueryClientProvider, type UseMutationResult } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCheckout } from '@/features/cart/api/checkout';
import { useAddProduct } from '@/features/catalogue/api/add-product';
import { useDeleteProduct } from '@/features/catalogue/api/delete-product';
import { useEditProduct } from '@/features/catalogue/api/edit-product';
import { useAddCategory, useDeleteCategory, useRenameCategory } from '@/features/catalogue/api/manage-categories';
import { useCreateClaim } from '@/features/claims/api/create-claim';
import { useDecideClaim } from '@/features/claims/api/decide-claim';
import { usePlaceOrder } from '@/features/orders/api/place-order';
import { useCancelPurchase, useShipPurchase } from '@/features/orders/api/purchase-actions';
import { useConfirmPaid } from '@/features/payment/api/confirm-paid';
import { useAcceptQuote } from '@/features/quotes/api/accept-quote';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient, fakeApi, jsonResponse, problemResponse } from '@/testing/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '64b7f0c2a1b2c3d4e5f60001';
const stock = queryKeys.products.all;
const categories = queryKeys.categories;
const orders = queryKeys.orders.all;

interface Case {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each case's hook has its own variables
  hook: () => UseMutationResult<any, Error, any>;
  variables: unknown;
  route: string;
  /** The queries the change must refresh, whatever page it runs on. */
  refreshes: readonly (readonly unknown[])[];
}

const cases: Case[] = [
  { name: 'placing an order', hook: usePlaceOrder, variables: { productId: ID, productQuantity: 1, address: 'a', mobile: '5550100' }, route: 'POST /order', refreshes: [orders, stock] },
  { name: 'cancelling a purchase (the order page, My Orders, Manage Orders)', hook: useCancelPurchase, variables: ID, route: `DELETE /groups/${ID}`, refreshes: [orders, stock] },
  { name: 'shipping a purchase', hook: useShipPurchase, variables: { id: ID }, route: `PUT /groups/${ID}/ship`, refreshes: [orders] },
  { name: 'checking out the cart', hook: useCheckout, variables: { items: [], address: 'a', mobile: '5550100' }, route: 'POST /checkout', refreshes: [orders, stock] },
  { name: 'accepting a quote (its orders take stock)', hook: useAcceptQuote, variables: { id: ID, revision: 1, delivery: { address: 'a', mobile: '5550100' } }, route: `POST /quotes/${ID}/accept`, refreshes: [queryKeys.quotes.all, orders, stock] },
  { name: 'making a claim (its line’s pieces left to claim)', hook: useCreateClaim, variables: { orderId: ID, reason: 'x', images: [] }, route: 'POST /claims', refreshes: [queryKeys.claims.all, orders] },
  { name: 'deciding a claim (an approval places a replacement order)', hook: useDecideClaim, variables: { id: ID, status: 'approved' }, route: `PATCH /claims/${ID}`, refreshes: [queryKeys.claims.all, orders, stock] },
  { name: 'paying a purchase (the payment page, its invoice, the lists)', hook: useConfirmPaid, variables: { purchaseId: ID, transactionId: 'pi_1' }, route: `PATCH /groups/${ID}/pay`, refreshes: [orders] },
  { name: 'adding a product (its category’s count)', hook: useAddProduct, variables: { name: 'x' }, route: 'POST /added', refreshes: [stock, categories] },
  { name: 'editing a product (it may move to another category)', hook: useEditProduct, variables: { id: ID, changes: { category: 'Pumps' } }, route: `PUT /service/${ID}`, refreshes: [stock, categories] },
  { name: 'deleting a product (its category’s count)', hook: useDeleteProduct, variables: ID, route: `DELETE /deleteproduct/${ID}`, refreshes: [stock, categories] },
  { name: 'adding a category', hook: useAddCategory, variables: 'Pumps', route: 'POST /categories', refreshes: [categories, stock] },
  { name: 'renaming a category (its products are rewritten)', hook: useRenameCategory, variables: { id: ID, name: 'Pumps' }, route: `PATCH /categories/${ID}`, refreshes: [categories, stock] },
  { name: 'deleting a category', hook: useDeleteCategory, variables: ID, route: `DELETE /categories/${ID}`, refreshes: [categories, stock] },
];

async function refreshed(c: Case, answer: () => Response): Promise<unknown[]> {
  vi.stubGlobal('fetch', fakeApi({ [c.route]: answer }).fetch);
  const queryClient = createTestQueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(c.hook, { wrapper });
  await result.current.mutateAsync(c.variables).catch(() => undefined);
  return invalidated.mock.calls.map(([filters]) => filters?.queryKey);
}

describe('every mutation refreshes what it changed, in its own hook (no page passes a refresh down)', () => {
  it.each(cases)('$name', async (c) => {
    const keys = await refreshed(c, () => jsonResponse({ acknowledged: true, deletedCount: 1, matchedCount: 1, modifiedCount: 1 }));
    for (const key of c.refreshes) expect(keys).toContainEqual(key);
  });

  it.each(cases.filter((c) => c.refreshes.includes(stock) && c.route !== 'POST /added'))('$name: also when refused (409), since what was shown was stale', async (c) => {
    const keys = await refreshed(c, () => problemResponse(409, 'Changed meanwhile.'));
    expect(keys).toContainEqual(stock);
  });
});
