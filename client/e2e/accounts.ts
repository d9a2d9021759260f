import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { mailedToken } from './mail-catcher';
import { waitUntil } from './wait';

/** The admin account of the e2e server (global-setup puts it in ADMIN_EMAILS). */
export const E2E_ADMIN_EMAIL = 'admin@e2e.test';
export const E2E_PASSWORD = 'e2e-password-1';

/** An email no other test (or earlier run against the same server) has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@e2e.test`;
}

export interface Account {
  token: string;
  user: { _id: string; email: string; name: string; role: string };
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(new URL(path, inject('apiUrl')), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Creates an account through the API (no sign-in attempt, so no login rate limit is spent). */
export async function registerAccount(name: string, email: string, password = E2E_PASSWORD): Promise<Account> {
  const response = await post('/auth/register', { name, email, password });
  if (response.status !== 201) throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Account;
}

/**
 * The ADMIN_EMAILS account: registered on first use; signed in once if an earlier test created it. An
 * ADMIN_EMAILS address is an admin only once verified, so the first use opens the link mailed to it, as
 * the store's owner does (read from the e2e SMTP catcher: no path a deployment could reach).
 */
export function adminAccount(): Promise<Account> {
  admin ??= signInAdmin().catch((error: unknown) => {
    admin = undefined; // the next call tries again
    throw error;
  });
  return admin;
}

/** The admin's session, once per test file (each file's module instance keeps its own). */
let admin: Promise<Account> | undefined;

async function signInAdmin(): Promise<Account> {
  let account: Account;
  const response = await post('/auth/register', { name: 'E2E Admin', email: E2E_ADMIN_EMAIL, password: E2E_PASSWORD });
  if (response.status === 201) {
    account = (await response.json()) as Account;
  } else {
    if (response.status !== 409) throw new Error(`register admin: ${response.status} ${await response.text()}`);
    const login = await post('/auth/login', { email: E2E_ADMIN_EMAIL, password: E2E_PASSWORD });
    if (login.status !== 200) throw new Error(`login admin: ${login.status} ${await login.text()}`);
    account = (await login.json()) as Account;
  }
  if (account.user.role === 'admin') return account;
  // Another file may be verifying it at the same time: a used link (400) is fine, the role decides.
  const verify = await post('/auth/verify-email', { token: await mailedToken(E2E_ADMIN_EMAIL, /Confirm your e-mail address/, 'verify-email') });
  if (verify.status !== 200 && verify.status !== 400) throw new Error(`verify admin: ${verify.status} ${await verify.text()}`);
  const user = await waitUntil(
    async () => {
      const me = await fetch(new URL('/auth/me', inject('apiUrl')), { headers: { Authorization: `Bearer ${account.token}` } });
      const current = ((await me.json()) as { user: Account['user'] }).user;
      return current.role === 'admin' && current;
    },
    { timeout: 10_000, message: () => `${E2E_ADMIN_EMAIL} is not an admin after verifying its address` },
  );
  return { ...account, user };
}

/** Signs the page in with a token (as the app keeps it) and opens `path`. */
export async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
  await page.goto(new URL(path, page.url()).toString());
}
