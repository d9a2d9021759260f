import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ClaimInput, InsertedNumbered } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** POST /claims (the order's owner): a shipped order within 2 months of shipping, while pieces of the line are left to claim; 409 saying why otherwise. */
export function createClaim(input: ClaimInput): Promise<InsertedNumbered> {
  return unwrap(api.POST('/claims', { body: input }));
}

export function useCreateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClaim,
    // The line's `claimed` count changes with it: the pieces left to claim.
    onSettled: () => invalidate(queryClient, 'claims', 'orders'),
  });
}
