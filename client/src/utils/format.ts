const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `1299` → `$1,299`; `12.5` → `$12.50`. */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? wholeDollars.format(dollars) : dollarsAndCents.format(dollars);
}

/** Cut `text` to its first `max` characters followed by `...` when it is longer. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** An amount in integer cents, as formatPrice shows dollars: `1490000` → `$14,900`; `1250` → `$12.50`. */
export function formatCents(cents: number): string {
  return formatPrice(cents / 100);
}
