import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Category } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** POST /categories (admin): the new category; 409 for a name already in use. */
export function addCategory(name: string): Promise<Category> {
  return unwrap(api.POST('/categories', { body: { name } }));
}

/**
 * PATCH /categories/{id} (admin): the products that use it are rewritten with the new name. `from`: the name the
 * admin's form started from; a category renamed since answers 409 (and keeps the other admin's name).
 */
export function renameCategory({ id, name, from }: { id: string; name: string; from: string }): Promise<Category> {
  return unwrap(api.PATCH('/categories/{id}', { params: { path: { id } }, body: { name, from } }));
}

/** DELETE /categories/{id} (admin): 409, saying how many products use it, while any does. */
export async function deleteCategory(id: string): Promise<void> {
  await unwrap(api.DELETE('/categories/{id}', { params: { path: { id } } }));
}

/** A category change: the categories and (a rename rewrites products) the catalogue are read again. */
function useCategoryMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidate(queryClient, 'categories'),
  });
}

export const useAddCategory = () => useCategoryMutation(addCategory);
export const useRenameCategory = () => useCategoryMutation(renameCategory);
export const useDeleteCategory = () => useCategoryMutation(deleteCategory);
