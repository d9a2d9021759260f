import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { invalidate, queryKeys } from '@/lib/query-keys';
import type { Address, AddressInput } from '@/types/api';

export type { Address, AddressInput } from '@/types/api';

/** GET /addresses (signed in): the caller's address book, the default first. */
export function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  return unwrap(api.GET('/addresses', { signal }));
}

/** Under the profile's root (a change is the profile's: `invalidate(queryClient, 'profile')`); kept here, out of the first load. */
const addressesKey = [...queryKeys.profile.all, 'addresses'] as const;

export const addressesQueryOptions = () => queryOptions({ queryKey: addressesKey, queryFn: ({ signal }) => getAddresses(signal), staleTime: 0 });

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQueryOptions(), enabled });
}

/** POST /addresses: the address as saved (the first one is the default). */
export function addAddress(input: AddressInput): Promise<Address> {
  return unwrap(api.POST('/addresses', { body: input }));
}

/** PATCH /addresses/{id}: each field sent replaces the saved one. */
export function updateAddress({ id, ...body }: AddressInput & { id: string }): Promise<Address> {
  return unwrap(api.PATCH('/addresses/{id}', { params: { path: { id } }, body }));
}

/** DELETE /addresses/{id}: the next one becomes the default. */
export function deleteAddress(id: string) {
  return unwrap(api.DELETE('/addresses/{id}', { params: { path: { id } } }));
}

function useAddressMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidate(queryClient, 'profile') });
}

export const useAddAddress = () => useAddressMutation(addAddress);
export const useUpdateAddress = () => useAddressMutation(updateAddress);
export const useDeleteAddress = () => useAddressMutation(deleteAddress);

/** An address on one line, as the order's address holds it (the server's Address.Text). */
export function addressText(a: Pick<Address, 'name' | 'company' | 'line1' | 'line2' | 'city' | 'postcode' | 'country'>): string {
  const city = `${a.city} ${a.postcode}`.trim();
  return [a.name, a.company, a.line1, a.line2, city, a.country].filter((part) => part !== '').join(', ');
}
