import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Claim, ClaimDecision } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

export type DecideClaimInput = ClaimDecision & { id: string };

/** PATCH /claims/{id} (admin): decides once; approval places a free replacement order (409 when stock is short). */
export function decideClaim({ id, ...body }: DecideClaimInput): Promise<Claim> {
  return unwrap(api.PATCH('/claims/{id}', { params: { path: { id } }, body }));
}

export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideClaim,
    // An approval places a replacement order, which takes stock.
    onSettled: () => invalidate(queryClient, 'claims', 'orders', 'stock'),
  });
}
