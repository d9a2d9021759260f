import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage, unwrapResponse } from '@/lib/api-client';
import { queryKeys, invalidate } from '@/lib/query-keys';
import type { ListQuery, Page, TaxExemption, TaxExemptionDecision } from '@/types/api';

export { useMyTaxExemption } from '@/lib/buyer-tax';

export interface TaxExemptionInput {
  number: string;
  country: string;
  certificate: File;
}

/** POST /account/tax-exemption (multipart): the certificate, its number and country; 201 with the pending application. */
export function applyForTaxExemption({ number, country, certificate }: TaxExemptionInput): Promise<TaxExemption> {
  return unwrap(
    api.POST('/account/tax-exemption', {
      body: { certificate, number, country },
      bodySerializer: () => {
        const form = new FormData();
        form.append('number', number);
        form.append('country', country);
        form.append('certificate', certificate, certificate.name);
        return form;
      },
    }),
  );
}

export function useApplyForTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyForTaxExemption, onSettled: () => invalidate(queryClient, 'profile') });
}

export type TaxExemptionListParams = ListQuery<'/tax-exemptions'>;

/** GET /tax-exemptions (admins): newest first, by `status`. */
export function getTaxExemptions(params: TaxExemptionListParams = {}, signal?: AbortSignal): Promise<Page<TaxExemption>> {
  return unwrapPage(api.GET('/tax-exemptions', { params: { query: params }, signal }));
}

export function useTaxExemptions(params: TaxExemptionListParams = {}) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.profile.all, 'tax-exemptions', params],
      queryFn: ({ signal }) => getTaxExemptions(params, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
}

/** PATCH /tax-exemptions/{id} (admins): approve, or decline with a reason. */
export function decideTaxExemption({ id, ...body }: TaxExemptionDecision & { id: string }): Promise<TaxExemption> {
  return unwrap(api.PATCH('/tax-exemptions/{id}', { params: { path: { id } }, body }));
}

export function useDecideTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideTaxExemption, onSettled: () => invalidate(queryClient, 'profile') });
}

/**
 * GET /tax-exemptions/{id}/certificate (its buyer, admins): the file, fetched as a blob with the bearer token
 * (never a token in a URL), opened in a new tab from an object URL typed as the server typed it.
 */
export async function fetchCertificate(id: string): Promise<Blob> {
  const { data } = await unwrapResponse(
    api.GET('/tax-exemptions/{id}/certificate', {
      params: { path: { id } },
      headers: { Accept: 'application/pdf, image/jpeg, image/png, application/problem+json' },
      parseAs: 'blob',
    }),
  );
  return data;
}

export function useOpenCertificate() {
  return useMutation({
    mutationFn: async (id: string) => {
      const url = URL.createObjectURL(await fetchCertificate(id));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
