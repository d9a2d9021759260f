import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DeleteResult } from '@/types/api';
import { productsBaseKey } from './get-products';

/** DELETE /deleteproduct/{id} (admin): `{acknowledged, deletedCount}`. */
export function deleteProduct(id: string): Promise<DeleteResult> {
  return apiClient.delete<DeleteResult>(`/deleteproduct/${encodeURIComponent(id)}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsBaseKey }),
  });
}
