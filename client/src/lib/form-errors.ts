import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's per-field messages (a 400's `errors`) under the form's own
 * fields. `fields` lists the form fields named as the server names them, or
 * maps the server's names to the form's (`{ img: 'image' }`). `describe` may
 * reword a message (e.g. "must be at least 1" → "Minimum Quantity must be at
 * least 1"). Returns whether any field got a message.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[] | Readonly<Record<string, Path<T>>>,
  setError: UseFormSetError<T>,
  describe: (field: Path<T>, message: string) => string = (_field, message) => message,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const pairs: [string, Path<T>][] = Array.isArray(fields)
    ? (fields as readonly Path<T>[]).map((f) => [f, f])
    : Object.entries(fields as Readonly<Record<string, Path<T>>>);
  let shown = false;
  for (const [serverField, field] of pairs) {
    const message = error.errors[serverField];
    if (message) {
      setError(field, { type: 'server', message: describe(field, message) }, { shouldFocus: false });
      shown = true;
    }
  }
  return shown;
}

/** A spec failure text followed by the server's reason, when there is one: "Failed to add the Product: A product …". */
export function withReason(text: string, error: unknown): string {
  if (!(error instanceof ApiError)) return text;
  const reason = error.detail || (error.code === 'network' ? error.title : '');
  return reason ? `${text}: ${reason}` : text;
}

/**
 * The server's refusal an order form keeps in view under itself, where a toast would go (issue 43): a
 * conflict (409: stock taken meanwhile, too many unpaid orders) or too many at once (429), in the server's
 * words; null for any other failure.
 */
export function keptRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 429)) return null;
  return error.detail || error.title;
}
