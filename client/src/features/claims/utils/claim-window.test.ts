import { describe, expect, it } from 'vitest';
import { claimDaysLeft, claimDeadline } from './claim-window';

describe('claim window', () => {
  it('ends 2 calendar months after shipping', () => {
    expect(claimDeadline('2025-03-10T12:00:00Z')?.toISOString()).toBe('2025-05-10T12:00:00.000Z');
  });

  it('ends on the last day of a shorter month', () => {
    expect(claimDeadline('2024-12-31T08:00:00Z')?.toISOString()).toBe('2025-02-28T08:00:00.000Z');
  });

  it('counts the days left, the last day included, and 0 once closed', () => {
    const shipped = '2025-03-10T12:00:00Z';
    expect(claimDaysLeft(shipped, new Date('2025-03-10T12:00:00Z'))).toBe(61);
    expect(claimDaysLeft(shipped, new Date('2025-05-10T11:00:00Z'))).toBe(1);
    expect(claimDaysLeft(shipped, new Date('2025-05-10T13:00:00Z'))).toBe(0);
  });

  it('has no window without a shipping date', () => {
    expect(claimDeadline('not a date')).toBeNull();
    expect(claimDaysLeft('')).toBe(0);
  });
});
