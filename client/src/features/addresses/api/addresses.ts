import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { invalidate, queryKeys } from '@/lib/query-keys';
import type { Address, AddressInput } from '@/types/api';

export type { Address, AddressInput } from '@/types/api';

/**
 * Whose address book: one's own (no company), or a company's (issue 45: `GET /companies/{id}/addresses` and the
 * same calls under it, managed by its company admins, read by its members).
 */
export type Book = { companyId?: string };

/** GET /addresses (signed in): the caller's address book, the default first; or the company's. */
export function getAddresses(book: Book = {}, signal?: AbortSignal): Promise<Address[]> {
  const { companyId } = book;
  if (companyId) return unwrap(api.GET('/companies/{id}/addresses', { params: { path: { id: companyId } }, signal }));
  return unwrap(api.GET('/addresses', { signal }));
}

/** Under the profile's root (a change is the profile's: `invalidate(queryClient, 'profile')`); kept here, out of the first load. */
const addressesKey = [...queryKeys.profile.all, 'addresses'] as const;

export const addressesQueryOptions = (book: Book = {}) =>
  queryOptions({ queryKey: book.companyId ? [...addressesKey, book.companyId] : addressesKey, queryFn: ({ signal }) => getAddresses(book, signal), staleTime: 0 });

export function useAddresses(enabled = true, book: Book = {}) {
  return useQuery({ ...addressesQueryOptions(book), enabled });
}

/** POST /addresses: the address as saved (the first one is the default). */
export function addAddress(input: AddressInput, { companyId }: Book = {}): Promise<Address> {
  if (companyId) return unwrap(api.POST('/companies/{id}/addresses', { params: { path: { id: companyId } }, body: input }));
  return unwrap(api.POST('/addresses', { body: input }));
}

/** PATCH /addresses/{id}: each field sent replaces the saved one. */
export function updateAddress({ id, ...body }: AddressInput & { id: string }, { companyId }: Book = {}): Promise<Address> {
  if (companyId) return unwrap(api.PATCH('/companies/{id}/addresses/{addressId}', { params: { path: { id: companyId, addressId: id } }, body }));
  return unwrap(api.PATCH('/addresses/{id}', { params: { path: { id } }, body }));
}

/** DELETE /addresses/{id}: the next one becomes the default. */
export function deleteAddress(id: string, { companyId }: Book = {}) {
  if (companyId) return unwrap(api.DELETE('/companies/{id}/addresses/{addressId}', { params: { path: { id: companyId, addressId: id } } }));
  return unwrap(api.DELETE('/addresses/{id}', { params: { path: { id } } }));
}

function useAddressMutation<I, O>(fn: (input: I, book: Book) => Promise<O>, book: Book) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: I) => fn(input, book), onSettled: () => invalidate(queryClient, 'profile') });
}

export const useAddAddress = (book: Book = {}) => useAddressMutation(addAddress, book);
export const useUpdateAddress = (book: Book = {}) => useAddressMutation(updateAddress, book);
export const useDeleteAddress = (book: Book = {}) => useAddressMutation(deleteAddress, book);

/** An address on one line, as the order's address holds it (the server's Address.Text). */
export function addressText(a: Pick<Address, 'name' | 'company' | 'line1' | 'line2' | 'city' | 'postcode' | 'country'>): string {
  const city = `${a.city} ${a.postcode}`.trim();
  return [a.name, a.company, a.line1, a.line2, city, a.country].filter((part) => part !== '').join(', ');
}
