import { api, unwrap } from '@/lib/api-client';
import type { Product } from '@/types/api';

/**
 * POST /service/{id}/documents (admin; multipart `file`, `name`, `kind`): the stored document. The server decides by the
 * file's bytes that it is a PDF (400 otherwise) and refuses more than 20 MB (413).
 */
export function uploadDocument(productId: string, file: File, name: string, kind: Product['documents'][number]['kind']) {
  return unwrap(
    api.POST('/service/{id}/documents', {
      params: { path: { id: productId } },
      body: { file, name, kind },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('name', body.name);
        form.append('kind', body.kind);
        form.append('file', body.file, file.name);
        return form;
      },
    }),
  );
}

/** DELETE /service/{id}/documents/{docId} (admin). */
export function deleteDocument(productId: string, docId: string) {
  return unwrap(api.DELETE('/service/{id}/documents/{docId}', { params: { path: { id: productId, docId } } }));
}

/** PUT /service/{id} with only the spare parts, accessories and OEM numbers (admin). */
export function saveParts(productId: string, body: { parts: string[]; accessories: string[]; oemNumbers: string[] }) {
  return unwrap(api.PUT('/service/{id}', { params: { path: { id: productId } }, body }));
}

/** The products named by SKU (exactly, case aside) or by id: each reference's id, or the references no product has. */
export async function resolveProducts(refs: string[]): Promise<{ ids: string[]; unknown: string[] }> {
  const ids: string[] = [];
  const unknown: string[] = [];
  for (const ref of refs) {
    if (/^[0-9a-f]{24}$/i.test(ref)) {
      ids.push(ref.toLowerCase());
      continue;
    }
    const found = await unwrap(api.GET('/service', { params: { query: { q: ref, limit: 20 } } }));
    const match = found.find((p) => p.sku?.toLowerCase() === ref.toLowerCase());
    if (match) ids.push(match._id);
    else unknown.push(ref);
  }
  return { ids, unknown };
}
