import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What axe-core reports, one entry a rule. */
export type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** The impacts that fail a test; moderate and minor ones are reported by the sweep only. */
export const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeOptions {
  /** Only this part of the page (a CSS selector), as a dialog or a section. */
  include?: string;
  /** Every violation, whatever its impact (the sweep splits them itself). */
  everyImpact?: boolean;
}

/**
 * Waits, at most five seconds, until the page's finite animations and transitions have finished: a toast
 * still fading in is a success alert at part opacity, whose contrast is not the toast's (CI failed on one,
 * 2.45:1 half-way in). Endless ones (a spinner, a skeleton's pulse) are not waited for.
 */
export async function finiteAnimationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]).then(() => undefined),
  );
}

/**
 * axe-core over the page as it settles (the top frame only: the card fields' frames are Stripe's), the
 * serious and critical violations unless `everyImpact`.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<Violations> {
  for (let attempt = 1; ; attempt++) {
    await finiteAnimationsDone(page);
    await watchMotion(page);
    const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'], iframes: false });
    if (options.include) builder.include(options.include);
    const results = await builder.analyze();
    const violations = options.everyImpact ? results.violations : results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
    // A toast that began to close while axe looked was seen half-faded (4.05:1, under load): what axe saw while
    // something moved is not the page; it looks again, once, when the page has settled.
    if (violations.length === 0 || attempt === 2 || !(await movedSince(page))) return violations;
  }
}

/** From now on, notes any transition or animation that starts in the page (see `movedSince`). */
async function watchMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as Window & { __axeMotion?: boolean; __axeMotionWatched?: boolean };
    w.__axeMotion = false;
    if (w.__axeMotionWatched) return;
    w.__axeMotionWatched = true;
    for (const type of ['transitionstart', 'animationstart']) document.addEventListener(type, () => (w.__axeMotion = true), true);
  });
}

/** Whether a transition or animation started since `watchMotion`, or a finite one runs now. */
async function movedSince(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      (window as Window & { __axeMotion?: boolean }).__axeMotion === true ||
      document.getAnimations().some((a) => a.effect?.getTiming().iterations !== Infinity),
  );
}

/** Each violation as `rule: target (why) | target (why)`, for a failure message that says what to fix. */
export function describeViolations(violations: Violations): string[] {
  return violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').trim()})` : ''}`).join(' | ')}`,
  );
}

/** No serious or critical axe violation on the page (or the part `include` names), as it settles. */
export async function expectAxeClean(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  expect(describeViolations(await axeViolations(page, options)), `axe on ${label}`).toEqual([]);
}
