import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { InsertResult, ProductInput } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** The body of POST /added; the owner's email comes from the token. */
export type NewProduct = ProductInput;

/** POST /added (admin): 201 `{acknowledged, insertedId}`; 400 with `errors` per field; 409 for a name already in use. */
export function addProduct(input: NewProduct): Promise<InsertResult> {
  return unwrap(api.POST('/added', { body: input }));
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    // The catalogue, and the category's count.
    onSuccess: () => invalidate(queryClient, 'catalogue'),
  });
}
