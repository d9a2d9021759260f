/** The banner's promise: faulty equipment is replaced within 2 calendar months of shipping. */
export const CLAIM_WINDOW_MONTHS = 2;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment to claim: the same time 2 calendar months after shipping (the month's last day when it has no such date). */
export function claimDeadline(shippedAt: string): Date | null {
  const shipped = new Date(shippedAt);
  if (Number.isNaN(shipped.getTime())) return null;
  const deadline = new Date(shipped);
  const day = deadline.getUTCDate();
  deadline.setUTCDate(1);
  deadline.setUTCMonth(deadline.getUTCMonth() + CLAIM_WINDOW_MONTHS);
  const lastDay = new Date(Date.UTC(deadline.getUTCFullYear(), deadline.getUTCMonth() + 1, 0)).getUTCDate();
  deadline.setUTCDate(Math.min(day, lastDay));
  return deadline;
}

/** Whole days left to claim (1 on the last day), or 0 once the window has closed. */
export function claimDaysLeft(shippedAt: string, now = new Date()): number {
  const deadline = claimDeadline(shippedAt);
  if (!deadline) return 0;
  const left = deadline.getTime() - now.getTime();
  return left < 0 ? 0 : Math.max(1, Math.ceil(left / DAY_MS));
}
