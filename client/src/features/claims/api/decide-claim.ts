import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { claimsQueryKey } from './get-claims';

export interface ClaimDecision {
  id: string;
  status: 'approved' | 'rejected';
  note?: string;
}

/** PATCH /claims/{id} (admin): decides once; approval places a free replacement order (409 when stock is short). */
export function decideClaim({ id, ...body }: ClaimDecision): Promise<unknown> {
  return apiClient.patch<unknown>(`/claims/${encodeURIComponent(id)}`, body);
}

export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideClaim,
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimsQueryKey }),
  });
}
