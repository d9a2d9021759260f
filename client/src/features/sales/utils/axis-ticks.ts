/** The y-axis of a chart of dollars: round, distinct ticks from 0 and labels that never read the same. */
export interface DollarAxis {
  /** 0, step, 2·step, … up to the first tick at or above the highest value. */
  ticks: number[];
  /** The top of the axis (the last tick). */
  top: number;
  /** The distance between two ticks: 1, 2, 2.5 or 5 × 10^n. */
  step: number;
  /** A tick's label: `$0`, `$750`, `$1.5k`, `$2.25M`. */
  format: (value: number) => string;
}

const NICE = [1, 2, 2.5, 5, 10] as const;

/** The smallest nice step (1, 2, 2.5 or 5 × 10^n) that covers `max` in at most `count` steps above 0. */
export function niceStep(max: number, count: number): number {
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const nice = NICE.find((n) => n * power >= rough - power * 1e-9) ?? 10;
  return nice * power;
}

/** Decimals that `value` needs to be written exactly (at most 6; floating-point residue is ignored). */
function decimalsOf(value: number): number {
  for (let d = 0; d < 6; d++) {
    const scaled = value * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6) return d;
  }
  return 6;
}

/** `1500` → `$1.5k`: in thousands from $1,000, millions from $1,000,000, with the decimals `step` needs there (no trailing zeros). */
export function formatAxisDollars(value: number, step: number): string {
  const [unit, suffix] = value >= 1e6 ? [1e6, 'M'] : value >= 1e3 ? [1e3, 'k'] : [1, ''];
  const decimals = decimalsOf(step / unit);
  const fixed = (value / unit).toFixed(decimals);
  const text = decimals > 0 ? fixed.replace(/\.?0+$/, '') : fixed;
  return `$${text}${suffix}`;
}

/**
 * The y-axis for values up to `max` (never below 0): about `count` round steps
 * from $0, each label different from the others (`$0, $1k, $2k, $3k`, not
 * `$0, $750, $2k, $2k, $3k`).
 */
export function dollarAxis(max: number, count = 4): DollarAxis {
  const high = Number.isFinite(max) && max > 0 ? max : 1;
  const step = niceStep(high, count);
  const steps = Math.max(1, Math.ceil(high / step - 1e-9));
  const ticks = Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
  return { ticks, top: ticks[steps] ?? step, step, format: (value) => formatAxisDollars(value, step) };
}
