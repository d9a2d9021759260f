import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { UpdateResult } from '@/types/api';
import { productsBaseKey } from './get-products';
import type { NewProduct } from './add-product';

/** The fields an admin may change; absent ones keep their values. */
export type ProductChanges = Partial<Pick<NewProduct, 'price' | 'avaialbequantit' | 'minimumquantity' | 'description' | 'image'>>;

export interface EditProductInput {
  id: string;
  changes: ProductChanges;
  /** The updatedAt of the copy the admin edited: the save is refused if the product changed since. */
  updatedAt?: string;
}

/**
 * PUT /service/{id} (admin): `{acknowledged, matchedCount, modifiedCount}`;
 * 409 when the product changed since the admin's copy was read (e.g. an order took stock).
 */
export function editProduct({ id, changes, updatedAt }: EditProductInput): Promise<UpdateResult> {
  return apiClient.put<UpdateResult>(`/service/${encodeURIComponent(id)}`, updatedAt ? { ...changes, updatedAt } : changes);
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    // A 409 also means the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsBaseKey }),
  });
}
