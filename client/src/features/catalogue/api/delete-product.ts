import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { DeleteResult } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** DELETE /deleteproduct/{id} (admin): `{acknowledged, deletedCount}`. */
export function deleteProduct(id: string): Promise<DeleteResult> {
  return unwrap(api.DELETE('/deleteproduct/{id}', { params: { path: { id } } }));
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // The catalogue, and its category's count.
    onSettled: () => invalidate(queryClient, 'catalogue'),
  });
}
