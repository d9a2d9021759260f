import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ClaimInput, InsertedNumbered } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** POST /claims (the order's owner): a shipped order within 2 months of shipping; 409 saying why otherwise. */
export function createClaim(input: ClaimInput): Promise<InsertedNumbered> {
  return unwrap(api.POST('/claims', { body: input }));
}

export function useCreateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClaim,
    onSettled: () => invalidate(queryClient, 'claims'),
  });
}
