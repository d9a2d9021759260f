import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ProductEdit, UpdateResult } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** The fields an admin may change; absent ones keep their values. */
export type ProductChanges = Pick<ProductEdit, 'name' | 'price' | 'avaialbequantit' | 'minimumquantity' | 'description' | 'image' | 'sku' | 'category' | 'specs' | 'tiers' | 'images'>;

/** `updatedAt`: that of the copy the admin edited; the save is refused if the product changed since. */
export type EditProductInput = Pick<ProductEdit, 'updatedAt'> & { id: string; changes: ProductChanges };

/**
 * PUT /service/{id} (admin): `{acknowledged, matchedCount, modifiedCount}`;
 * 409 when the product changed since the admin's copy was read (e.g. an order took stock).
 */
export function editProduct({ id, changes, updatedAt }: EditProductInput): Promise<UpdateResult> {
  return unwrap(api.PUT('/service/{id}', { params: { path: { id } }, body: updatedAt ? { ...changes, updatedAt } : changes }));
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    // A 409 also means the list is stale; a new category moves the categories' counts.
    onSettled: () => invalidate(queryClient, 'catalogue'),
  });
}
