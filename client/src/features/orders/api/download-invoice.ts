import { useMutation } from '@tanstack/react-query';
import { api, unwrapResponse } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

/** The file an invoice downloads as. */
export const invoiceFilename = (n: number) => `invoice-${n}.pdf`;

/**
 * GET /invoices/{number}.pdf (the buyer, admins): the invoice, fetched as a
 * blob through the API client with the bearer token (never a token in a URL).
 */
export async function fetchInvoice(n: number, signal?: AbortSignal): Promise<Blob> {
  const { data } = await unwrapResponse(
    api.GET('/invoices/{number}.pdf', {
      params: { path: { number: n } },
      headers: { Accept: 'application/pdf, application/problem+json' },
      parseAs: 'blob',
      signal,
    }),
  );
  return data;
}

/** Fetches the invoice and hands it to the browser as invoice-N.pdf. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: async (n: number) => {
      saveFile(await fetchInvoice(n), invoiceFilename(n));
    },
  });
}
