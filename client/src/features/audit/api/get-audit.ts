import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap, unwrapPage, unwrapResponse } from '@/lib/api-client';
import type { AuditEntry, AuditVerdict, ListQuery, Page } from '@/types/api';
import { attachmentFilename, saveFile } from '@/utils/save-file';

export type AuditParams = ListQuery<'/admin/audit'>;
export type AuditFilters = Omit<AuditParams, 'limit' | 'skip'>;

export const auditQueryKey = ['audit'] as const;

/** An entry as the lists key it (by its number). */
export type AuditRow = AuditEntry & { _id: string };

/** GET /admin/audit (admin): the entries the filters match, newest first; the total is in X-Total-Count. */
export async function getAudit(params: AuditParams = {}, signal?: AbortSignal): Promise<Page<AuditRow>> {
  const page = await unwrapPage(api.GET('/admin/audit', { params: { query: params }, signal }));
  return { ...page, items: page.items.map((e) => ({ ...e, _id: String(e.seq) })) };
}

export const getAuditQueryOptions = (params: AuditParams = {}) =>
  queryOptions({
    queryKey: [...auditQueryKey, params] as const,
    queryFn: ({ signal }) => getAudit(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAudit(params: AuditParams = {}) {
  return useQuery(getAuditQueryOptions(params));
}

/** GET /admin/audit.csv (admin): the same filters' entries as CSV, downloaded (a link could not carry the token). */
export function useExportAudit() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const { data, response } = await unwrapResponse(
        api.GET('/admin/audit.csv', { params: { query: filters }, headers: { Accept: 'text/csv, application/problem+json' }, parseAs: 'blob' }),
      );
      saveFile(data, attachmentFilename(response.headers.get('Content-Disposition')) ?? 'audit.csv');
    },
  });
}

/** GET /admin/audit/verify (admin): the chain of hashes checked from end to end. */
export function useVerifyAudit() {
  return useMutation({ mutationFn: (): Promise<AuditVerdict> => unwrap(api.GET('/admin/audit/verify')) });
}
