import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { InsertResult } from '@/types/api';
import { productsBaseKey } from './get-products';

/** The body of POST /added; the owner's email comes from the token. */
export interface NewProduct {
  name: string;
  price: number;
  /** The spec's spelling. */
  avaialbequantit: number;
  minimumquantity: number;
  description: string;
  /** A URL from POST /upload. */
  image: string;
}

/** POST /added (admin): 201 `{acknowledged, insertedId}`; 400 with `errors` per field; 409 for a name already in use. */
export function addProduct(input: NewProduct): Promise<InsertResult> {
  return apiClient.post<InsertResult>('/added', input);
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsBaseKey }),
  });
}
