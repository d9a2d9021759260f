import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useTaxRate } from '@/lib/public-config';
import { queryKeys } from '@/lib/query-keys';
import type { TaxExemptionStanding } from '@/types/api';

/**
 * The buyer's tax (issue 49), for the figures shown before asking the server: GET /config's rate, or none while
 * the signed-in buyer's tax exemption is approved (GET /account/tax-exemption), as POST /order and POST /checkout
 * will charge. Kept out of the first load: only the signed-in checkout and Purchase pages use it.
 */

/** Under the profile's root: a change is the profile's (`invalidate(queryClient, 'profile')`). */
export const myTaxExemptionKey = [...queryKeys.profile.all, 'tax-exemption'] as const;

/** GET /account/tax-exemption (signed in): the buyer's exemption (null: none sent) and whether they are exempt now. */
export function getMyTaxExemption(signal?: AbortSignal): Promise<TaxExemptionStanding> {
  return unwrap(api.GET('/account/tax-exemption', { signal }));
}

export const myTaxExemptionQueryOptions = () => queryOptions({ queryKey: myTaxExemptionKey, queryFn: ({ signal }) => getMyTaxExemption(signal), staleTime: 0 });

export function useMyTaxExemption() {
  return useQuery(myTaxExemptionQueryOptions());
}

export interface BuyerTax {
  /** The percent the figures are computed at (0 when exempt); undefined until known. */
  rate: number | undefined;
  /** The approved exemption's certificate, when the buyer is exempt. */
  exemption: { number: string; country: string } | undefined;
}

/** The signed-in buyer's tax: the store's rate, or 0 under their approved exemption. */
export function useBuyerTax(): BuyerTax {
  const storeRate = useTaxRate();
  const mine = useMyTaxExemption();
  if (mine.isPending) return { rate: undefined, exemption: undefined };
  const ex = mine.data?.exempt ? mine.data.exemption : null;
  if (ex) return { rate: 0, exemption: { number: ex.number, country: ex.country } };
  return { rate: storeRate, exemption: undefined };
}
