import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Claim, ClaimDecision } from '@/types/api';
import { claimsQueryKey } from './get-claims';

export type DecideClaimInput = ClaimDecision & { id: string };

/** PATCH /claims/{id} (admin): decides once; approval places a free replacement order (409 when stock is short). */
export function decideClaim({ id, ...body }: DecideClaimInput): Promise<Claim> {
  return unwrap(api.PATCH('/claims/{id}', { params: { path: { id } }, body }));
}

export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideClaim,
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimsQueryKey }),
  });
}
