import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { claimsQueryKey } from './get-claims';

export interface ClaimRequest {
  orderId: string;
  reason: string;
  /** URLs of this store's uploads (POST /upload). */
  images: string[];
}

/** POST /claims (the order's owner): a shipped order within 2 months of shipping; 409 saying why otherwise. */
export function createClaim(input: ClaimRequest): Promise<{ insertedId: string }> {
  return apiClient.post<{ insertedId: string }>('/claims', input);
}

export function useCreateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClaim,
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimsQueryKey }),
  });
}
