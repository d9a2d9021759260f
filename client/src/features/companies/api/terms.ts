import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapResponse } from '@/lib/api-client';
import { invalidate, queryKeys } from '@/lib/query-keys';
import type { AccountPayment, AccountPaymentInput, AgingRow, Statement } from '@/types/api';
import { attachmentFilename, saveFile } from '@/utils/save-file';

/** GET /companies/{id}/statement (its company admins, admins): the balance on account, aged, and its invoices. */
export function getStatement(id: string, signal?: AbortSignal): Promise<Statement> {
  return unwrap(api.GET('/companies/{id}/statement', { params: { path: { id } }, signal }));
}

export function useStatement(id: string) {
  return useQuery({ queryKey: queryKeys.companies.statement(id), queryFn: ({ signal }) => getStatement(id, signal), staleTime: 0 });
}

/** GET /admin/aging (admins): each company's balance on account by days overdue. */
export function getAging(signal?: AbortSignal): Promise<AgingRow[]> {
  return unwrap(api.GET('/admin/aging', { signal }));
}

export function useAging() {
  return useQuery({ queryKey: queryKeys.companies.aging, queryFn: ({ signal }) => getAging(signal), staleTime: 0 });
}

/** GET /admin/aging.csv (admins): the aging report as CSV, handed to the browser as a download (a link could not carry the token). */
export function useExportAging() {
  return useMutation({
    mutationFn: async () => {
      const { data, response } = await unwrapResponse(api.GET('/admin/aging.csv', { headers: { Accept: 'text/csv, application/problem+json' }, parseAs: 'blob' }));
      saveFile(data, attachmentFilename(response.headers.get('Content-Disposition')) ?? 'aging.csv');
    },
  });
}

/** POST /companies/{id}/payments (admins): a bank payment against the invoices named; they and their orders become paid. */
export function recordPayment({ id, ...body }: AccountPaymentInput & { id: string }): Promise<AccountPayment> {
  return unwrap(api.POST('/companies/{id}/payments', { params: { path: { id } }, body }));
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPayment, onSettled: () => invalidate(queryClient, 'companies') });
}
