import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { CheckoutFigures, CheckoutPreviewInput, ShippingMethod } from '@/types/api';
import type { components } from '@/types/api.gen';

export type { CheckoutFigures, CheckoutPreviewInput, ShippingMethod } from '@/types/api';

/** GET /shipping/methods (anyone): the delivery options, by name. */
export function getShippingMethods(signal?: AbortSignal): Promise<ShippingMethod[]> {
  return unwrap(api.GET('/shipping/methods', { signal }));
}

export function useShippingMethods() {
  return useQuery({ queryKey: ['shipping', 'methods'], queryFn: ({ signal }) => getShippingMethods(signal), staleTime: 60_000 });
}

/**
 * POST /checkout/preview (anyone; a signed-in buyer's own prices): the figures checkout charges for exactly this
 * body now. The client never computes them: it shows the server's.
 */
export function previewCheckout(body: CheckoutPreviewInput, signal?: AbortSignal): Promise<CheckoutFigures> {
  return unwrap(api.POST('/checkout/preview', { body, signal }));
}

/** One preview per delivery option, each the body with that option: each option's price and date, and the chosen one's figures. */
export function useDeliveryPreviews(body: CheckoutPreviewInput | null, methods: readonly ShippingMethod[]) {
  return useQueries({
    queries: methods.map((method) => {
      const withMethod = body && { ...body, shippingMethodId: method._id };
      return {
        queryKey: ['shipping', 'preview', withMethod] as const,
        queryFn: ({ signal }: { signal: AbortSignal }) => previewCheckout(withMethod as CheckoutPreviewInput, signal),
        enabled: withMethod !== null,
        retry: false,
        staleTime: 0,
      };
    }),
  });
}

export type ShippingMethodInput = components['schemas']['ShippingMethodInput'];

/** POST /shipping/methods (admins): the method as stored; 400 with `errors` per field. */
export function addShippingMethod(body: ShippingMethodInput): Promise<ShippingMethod> {
  return unwrap(api.POST('/shipping/methods', { body }));
}

/** DELETE /shipping/methods/{id} (admins). */
export function deleteShippingMethod(id: string) {
  return unwrap(api.DELETE('/shipping/methods/{id}', { params: { path: { id } } }));
}

function useShippingMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['shipping'] }) });
}

export const useAddShippingMethod = () => useShippingMutation(addShippingMethod);
export const useDeleteShippingMethod = () => useShippingMutation(deleteShippingMethod);
