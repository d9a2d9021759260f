import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Claim, ClaimDecision } from '@/types/api';
import { claimsQueryKey } from './get-claims';

export type DecideClaimInput = ClaimDecision & { id: string };

/** PATCH /claims/{id} (admin): decides once; approval places a free replacement order (409 when stock is short). */
export function decideClaim({ id, ...body }: DecideClaimInput): Promise<Claim> {
  return apiClient.patch<Claim>(`/claims/${encodeURIComponent(id)}`, body);
}

export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideClaim,
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimsQueryKey }),
  });
}
