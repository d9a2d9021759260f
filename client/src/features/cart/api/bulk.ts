import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { invalidate } from '@/lib/query-keys';
import type { BulkAnswer } from '@/types/api';
import { getCartState, setCartState } from '../store/cart-store';

export interface BulkLine {
  sku: string;
  quantity: number;
}

/** The server's limit on one quick order (shop.MaxBulkLines). */
export const MAX_BULK_LINES = 200;

/**
 * POST /cart/bulk (signed in): adds what it can to the account's cart, one outcome per line in the order
 * sent; the browser's cart becomes the cart the server stored.
 */
export async function addBulk(lines: BulkLine[]): Promise<BulkAnswer> {
  const answer = await unwrap(api.POST('/cart/bulk', { body: { lines } }));
  setCartState({ ...getCartState(), owner: 'account', lines: answer.cart.items });
  return answer;
}

export function useAddBulk() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addBulk, onSettled: () => invalidate(queryClient, 'stock') });
}

/** A pasted or uploaded line: its SKU and quantity, or null when it cannot be read. */
export interface ReadLine {
  text: string;
  line: BulkLine | null;
}

/**
 * The lines of a paste or a CSV file: `SKU quantity`, `SKU,quantity`, `SKU;quantity` or tab-separated, blank
 * lines skipped, a first line of headings ("sku,quantity") skipped, quotes around a field dropped.
 */
export function readLines(text: string): ReadLine[] {
  const rows = text
    .split(/\r?\n/)
    .map((row) => row.trim())
    .filter((row) => row !== '');
  const out: ReadLine[] = [];
  rows.forEach((row, i) => {
    const [sku = '', qty = '', ...rest] = row.split(/\s*[,;\t]\s*|\s+/).map((field) => field.replace(/^"(.*)"$/, '$1'));
    if (i === 0 && /^sku$/i.test(sku)) return;
    const ok = sku !== '' && /^\d+$/.test(qty) && Number(qty) >= 1 && rest.every((field) => field === '');
    out.push({ text: row, line: ok ? { sku, quantity: Number(qty) } : null });
  });
  return out;
}
