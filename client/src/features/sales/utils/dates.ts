const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

function monthDate(month: string): Date {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1));
}

/** `2025-03` → `Mar 2025`. */
export function formatMonth(month: string): string {
  return monthName.format(monthDate(month));
}

/** `2025-03` → `Mar` (the chart's axis; January also shows its year: `Jan 2026`). */
export function formatMonthTick(month: string): string {
  return month.endsWith('-01') ? formatMonth(month) : shortMonth.format(monthDate(month));
}

/** A date as `YYYY-MM-DD` in UTC (the server's days). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The export's default range: the first day of this month (UTC) to today. */
export function defaultExportRange(now = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), to: isoDay(now) };
}
