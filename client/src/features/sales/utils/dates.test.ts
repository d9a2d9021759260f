import { describe, expect, it } from 'vitest';
import { attachmentFilename } from '../api/export-orders';
import { defaultExportRange, formatMonth, formatMonthTick } from './dates';

describe('sales dates', () => {
  it('names months in full on the table and briefly on the axis (January with its year)', () => {
    expect(formatMonth('2025-03')).toBe('Mar 2025');
    expect(formatMonthTick('2025-03')).toBe('Mar');
    expect(formatMonthTick('2026-01')).toBe('Jan 2026');
  });

  it('exports this month so far by default, in UTC days', () => {
    expect(defaultExportRange(new Date('2025-03-18T15:00:00Z'))).toEqual({ from: '2025-03-01', to: '2025-03-18' });
    // Just after midnight UTC on the 1st: the new month, whatever the local day.
    expect(defaultExportRange(new Date('2025-04-01T00:30:00Z'))).toEqual({ from: '2025-04-01', to: '2025-04-01' });
  });

  it('reads the file name of Content-Disposition', () => {
    expect(attachmentFilename('attachment; filename="orders-2025-03-01-to-2025-03-18.csv"')).toBe('orders-2025-03-01-to-2025-03-18.csv');
    expect(attachmentFilename('attachment; filename=orders.csv')).toBe('orders.csv');
    expect(attachmentFilename('attachment')).toBeNull();
    expect(attachmentFilename(null)).toBeNull();
  });
});
