const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * An ISO time as the dashboard shows it, in the reader's time zone: "Mar 10, 2025",
 * or with `time` "Mar 10, 2025, 3:04 PM". Empty when there is none or it is not a date.
 * (Kept out of format.ts, which the first load of `/` carries.)
 */
export function formatDate(iso: string | undefined, { time = false }: { time?: boolean } = {}): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (time ? dateTimeFormat : dateFormat).format(date);
}

/** A calendar day `YYYY-MM-DD` (as the server counts days, UTC) as "Mar 10, 2025"; empty when it is not one. */
export function formatDay(day: string | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}/.test(day)) return '';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}
