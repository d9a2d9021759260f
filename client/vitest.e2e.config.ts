import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser tests: the global setup builds the client and the Go server, starts
 * the server on free loopback ports and one Chromium, and the tests drive it.
 * Run with `npm run e2e -w client`.
 *
 * Two files run at a time (measured on the 2-core machine: one worker took
 * 22 min before this layout, three workers were slower than two; see
 * docs/testing.md). Files that check figures of the whole shop (the sales totals move
 * with every order any file places) run alone, after the others.
 */

/** Files that read shop-wide figures, so no other file may place orders while they run. */
const ALONE = ['e2e/sales.test.ts'];

/**
 * The longest files first, so that the last minutes are not one long file
 * with the other worker idle; a fresh clone has no timings cached, and
 * Vitest's default order (larger files first) would start the accessibility
 * sweep (three small files over sweep.ts) last.
 */
const LONGEST_FIRST = [
  'accessibility-signed-out',
  'accessibility-customer',
  'accessibility-admin',
  'small-defects',
  'product-page',
  'account-security',
  'prerender',
  'navigation',
  'payment',
  'quotes',
  'auth',
];

class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const name = spec.moduleId.replace(/^.*\/e2e\//, '').replace(/\.test\.ts$/, '');
      const index = LONGEST_FIRST.indexOf(name);
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return Promise.resolve(
      [...files].sort(
        (a, b) =>
          a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
          rank(a) - rank(b) ||
          a.moduleId.localeCompare(b.moduleId),
      ),
    );
  }
}

const common = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  teardownTimeout: 30_000,
} as const;

export default defineConfig({
  test: {
    // Once for the run, shared by both projects (their files inject its values).
    globalSetup: ['./e2e/global-setup.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: { ...common, name: 'e2e', include: ['e2e/**/*.test.ts'], exclude: ALONE, maxWorkers: 2, sequence: { groupOrder: 0, sequencer: LongestFirst } },
      },
      {
        test: { ...common, name: 'e2e-alone', include: ALONE, maxWorkers: 1, fileParallelism: false, sequence: { groupOrder: 1, sequencer: LongestFirst } },
      },
    ],
  },
});
