import { setTimeout as delay } from 'node:timers/promises';

/**
 * Asks `probe` until it answers something truthy, and answers that; throws
 * `message()` once `timeout` ms have passed without. The tests' one wait for
 * a condition outside the page (e-mail arriving, a role granted, requests
 * answered). Unlike `expect.poll` it works in hooks (beforeAll) too. The
 * pause between asks only spaces the asking: the wait ends on the condition.
 */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeout = 20_000, interval = 50, message = () => 'the condition never held' }: { timeout?: number; interval?: number; message?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error; // asked again until the deadline (a navigation may destroy a page's context mid-ask)
    }
    if (Date.now() > deadline) throw new Error(`${message()} (after ${timeout / 1000}s)`, { cause: lastError });
    await delay(interval);
  }
}
