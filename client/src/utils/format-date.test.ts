import { describe, expect, it } from 'vitest';
import { formatDate, formatDay } from './format-date';

describe('formatDate', () => {
  it('shows an ISO time as a medium date, with the time when asked', () => {
    const iso = new Date(2025, 2, 10, 15, 4).toISOString(); // in the test's own zone
    expect(formatDate(iso)).toBe('Mar 10, 2025');
    expect(formatDate(iso, { time: true })).toBe('Mar 10, 2025, 3:04 PM');
  });

  it('is empty for no date or a broken one', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDay', () => {
  it('shows a UTC day whatever the zone', () => {
    expect(formatDay('2025-03-10')).toBe('Mar 10, 2025');
    expect(formatDay('2025-03-10T23:59:59Z')).toBe('Mar 10, 2025');
  });

  it('is empty for anything else', () => {
    expect(formatDay(undefined)).toBe('');
    expect(formatDay('10/03/2025')).toBe('');
  });
});
