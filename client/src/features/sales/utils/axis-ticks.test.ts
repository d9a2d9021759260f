import { describe, expect, it } from 'vitest';
import { dollarAxis, formatAxisDollars, niceStep } from './axis-ticks';

const labels = (max: number, count?: number) => {
  const axis = dollarAxis(max, count);
  return axis.ticks.map(axis.format);
};

describe('dollarAxis', () => {
  it('the issue’s chart ($3k at the top): round steps, each label once (it read $0, $750, $2k, $2k, $3k)', () => {
    expect(labels(2_900)).toEqual(['$0', '$1k', '$2k', '$3k']);
    expect(labels(3_000)).toEqual(['$0', '$1k', '$2k', '$3k']);
  });

  it('a step under the label’s unit writes the decimals it needs', () => {
    expect(labels(1_400)).toEqual(['$0', '$500', '$1k', '$1.5k']);
    expect(labels(4_800, 6)).toEqual(['$0', '$1k', '$2k', '$3k', '$4k', '$5k']);
    expect(labels(9_000, 4)).toEqual(['$0', '$2.5k', '$5k', '$7.5k', '$10k']);
    expect(labels(250_360)).toEqual(['$0', '$100k', '$200k', '$300k']);
    expect(labels(2_300_000)).toEqual(['$0', '$1M', '$2M', '$3M']);
    expect(labels(1_900_000)).toEqual(['$0', '$500k', '$1M', '$1.5M', '$2M']);
    expect(labels(3.5)).toEqual(['$0', '$1', '$2', '$3', '$4']);
    expect(labels(0.9)).toEqual(['$0', '$0.25', '$0.5', '$0.75', '$1']);
  });

  it('steps are 1, 2, 2.5 or 5 × 10^n, from 0 to the first tick at or above the highest value', () => {
    for (const max of [1, 7, 49, 120, 999, 1_001, 12_345, 99_999, 250_360, 1_234_567, 98_765_432]) {
      for (const count of [3, 4, 5, 6]) {
        const axis = dollarAxis(max, count);
        const mantissa = axis.step / 10 ** Math.floor(Math.log10(axis.step));
        expect([1, 2, 2.5, 5]).toContain(Number(mantissa.toFixed(6)));
        expect(axis.ticks[0]).toBe(0);
        expect(axis.top).toBeGreaterThanOrEqual(max);
        expect(axis.top - axis.step).toBeLessThan(max);
        expect(axis.ticks.length).toBeLessThanOrEqual(count + 1);
        const texts = axis.ticks.map(axis.format);
        expect(new Set(texts).size, `${max} in ${count}: ${texts.join(', ')}`).toBe(texts.length);
      }
    }
  });

  it('nothing sold (or nonsense) still gives an axis', () => {
    expect(labels(0)).toEqual(['$0', '$0.25', '$0.5', '$0.75', '$1']);
    expect(dollarAxis(Number.NaN).ticks[0]).toBe(0);
  });
});

describe('niceStep and formatAxisDollars', () => {
  it('rounds up to a nice step', () => {
    expect(niceStep(3_000, 4)).toBe(1_000);
    expect(niceStep(3_001, 4)).toBe(1_000);
    expect(niceStep(4_100, 4)).toBe(2_000);
    expect(niceStep(9_000, 4)).toBe(2_500);
    expect(niceStep(18_000, 4)).toBe(5_000);
  });

  it('writes thousands and millions with no trailing zeros', () => {
    expect(formatAxisDollars(1_000, 500)).toBe('$1k');
    expect(formatAxisDollars(1_500, 500)).toBe('$1.5k');
    expect(formatAxisDollars(2_250, 250)).toBe('$2.25k');
    expect(formatAxisDollars(750, 250)).toBe('$750');
    expect(formatAxisDollars(10_000_000, 2_500_000)).toBe('$10M');
  });
});
