import { useMutation } from '@tanstack/react-query';
import { api, unwrapResponse } from '@/lib/api-client';
import type { ListQuery } from '@/types/api';
import { attachmentFilename, saveFile } from '@/utils/save-file';

export { attachmentFilename };

/** Inclusive UTC dates, `YYYY-MM-DD`. */
export type ExportRange = Required<ListQuery<'/admin/orders.csv'>>;

export interface ExportedFile {
  blob: Blob;
  filename: string;
}

/**
 * GET /admin/orders.csv?from=&to= (admin): the orders placed in the range, as
 * CSV. Fetched through the API client (a link could not carry the bearer token).
 */
export async function exportOrders({ from, to }: ExportRange, signal?: AbortSignal): Promise<ExportedFile> {
  const { data, response } = await unwrapResponse(
    api.GET('/admin/orders.csv', {
      params: { query: { from, to } },
      headers: { Accept: 'text/csv, application/problem+json' },
      parseAs: 'blob',
      signal,
    }),
  );
  return { blob: data, filename: attachmentFilename(response.headers.get('Content-Disposition')) ?? `orders-${from}-to-${to}.csv` };
}

/** Fetches the CSV and hands it to the browser as a download. */
export function useExportOrders() {
  return useMutation({
    mutationFn: async (range: ExportRange) => {
      const file = await exportOrders(range);
      saveFile(file.blob, file.filename);
      return file;
    },
  });
}
