import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { mailedToken, mailedTokenAt } from './mail-catcher';
import { nextTotp } from './totp';

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
 * The ADMIN_EMAILS account, with two-step sign-in (ADMIN_MFA=required, the
 * default): the global setup registered it, verified its address from the
 * mail catcher and turned two-step sign-in on with a code computed here
 * (enrolAdmin); every file shares that one session, so no file signs it in
 * again (a code is accepted once per 30-second step).
 */
export function adminAccount(): Promise<Account> {
  admin ??= fetch(new URL('/auth/me', inject('apiUrl')), { headers: { Authorization: `Bearer ${inject('adminToken')}` } })
    .then(async (response) => {
      if (response.status !== 200) throw new Error(`the e2e admin's session: ${response.status} ${await response.text()}`);
      return { token: inject('adminToken'), user: ((await response.json()) as { user: Account['user'] }).user };
    })
    .catch((error: unknown) => {
      admin = undefined; // the next call tries again
      throw error;
    });
  return admin;
}

/** The admin's account, once per test file (each file's module instance keeps its own). */
let admin: Promise<Account> | undefined;

/** The authenticator secret of the e2e admin (a test that signs it in through the pages, both steps). */
export function adminTotpSecret(): string {
  return inject('adminTotpSecret');
}

/**
 * Turns two-step sign-in on for the account of `token` through the API, with
 * a code computed here (e2e/totp.ts), and answers the app's secret and the
 * recovery codes. The one way the browser tests enrol their admins.
 */
export async function enrolTwoStep(apiUrl: string, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(new URL(path, apiUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { secret } = (await call('/account/mfa/totp')) as { secret: string };
  const { recoveryCodes } = (await call('/account/mfa/totp/confirm', { code: nextTotp(secret) })) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

/**
 * The e2e admin, enrolled once by the global setup (no inject there): an
 * ADMIN_EMAILS account is an admin once its address is verified, from the
 * link mailed to it (the mail catcher), and its admin pages need two-step
 * sign-in.
 */
export async function enrolAdmin(apiUrl: string, mailUrl: string): Promise<{ token: string; secret: string }> {
  const response = await fetch(new URL('/auth/register', apiUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'E2E Admin', email: E2E_ADMIN_EMAIL, password: E2E_PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`register the e2e admin: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as Account;
  const verify = await fetch(new URL('/auth/verify-email', apiUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: await mailedTokenAt(mailUrl, E2E_ADMIN_EMAIL, /Confirm your e-mail address/, 'verify-email') }),
  });
  if (verify.status !== 200) throw new Error(`verify the e2e admin: ${verify.status} ${await verify.text()}`);
  const { secret } = await enrolTwoStep(apiUrl, token);
  return { token, secret };
}

/** Opens the verification link mailed to the account (the mail catcher), as its owner does. */
export async function verifyAccount(account: Account): Promise<void> {
  const verify = await post('/auth/verify-email', { token: await mailedToken(account.user.email, /Confirm your e-mail address/, 'verify-email') });
  if (verify.status !== 200) throw new Error(`verify ${account.user.email}: ${verify.status} ${await verify.text()}`);
}

/**
 * Makes `account` an admin as the e2e admin does from Make Admin: its address
 * verified first (only a verified address is promoted), then the promotion,
 * then two-step sign-in turned on (its admin pages ask for it). Answers the
 * authenticator's secret.
 */
export async function makeAdmin(account: Account): Promise<string> {
  const apiUrl = inject('apiUrl');
  await verifyAccount(account);
  const owner = await adminAccount();
  const promote = await fetch(new URL(`/user/admin/${encodeURIComponent(account.user.email)}`, apiUrl), {
    method: 'PUT',
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  if (promote.status !== 200) throw new Error(`promote ${account.user.email}: ${promote.status} ${await promote.text()}`);
  return (await enrolTwoStep(apiUrl, account.token)).secret;
}

/** Signs the page in with a token (as the app keeps it) and opens `path`. */
export async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
  await page.goto(new URL(path, page.url()).toString());
}
