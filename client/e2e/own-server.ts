import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_PASSWORD, uniqueEmail, type Account } from './accounts';
import { appStarted } from './browser';
import { mailedToken } from './mail-catcher';
import { startServer, stopServer, twoFreePorts } from './server-process';

/**
 * A journey's own server (issue 48): the same binary and client build as the shared one, with its own DATA_DIR and
 * ports, for what would change every other journey's pages on the shared server (shipping methods change every
 * checkout). It starts in a few seconds (the demo catalogue, no build). Its admin is an ADMIN_EMAILS account
 * verified from the mail catcher, without two-step sign-in (ADMIN_MFA=optional: the shared server's tests cover it).
 *
 * The client build calls the shared server's API address (VITE_API_URL is built in): a context from `open` routes
 * that address to this server, and bypasses the page's Content-Security-Policy, whose connect-src names this
 * server's own address.
 */
export interface OwnServer {
  apiUrl: string;
  webUrl: string;
  admin: Account;
  /** A JSON call to this server (a token if given); any status but 2xx throws, naming it. */
  call<T>(path: string, init?: RequestInit & { token?: string }): Promise<T>;
  /** A browser context on this server at `viewport`, signed in as `token` when given, and its page at `path`. */
  open(browser: Browser, path: string, viewport: { width: number; height: number }, token?: string): Promise<{ context: BrowserContext; page: Page; pageErrors: Error[] }>;
  stop(): Promise<void>;
}

export async function startOwnServer(label: string): Promise<OwnServer> {
  const [apiPort, webPort] = await twoFreePorts();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const workDir = mkdtempSync(join(tmpdir(), `storefront-e2e-${label}-`));
  const adminEmail = uniqueEmail(`${label}-admin`);
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server) await stopServer(server);
    rmSync(workDir, { recursive: true, force: true });
  };
  const call = async <T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
    const response = await fetch(new URL(path, apiUrl), { ...init, headers });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} (${label}'s server): ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  try {
    server = await startServer({
      bin: inject('serverBin'),
      apiPort,
      webPort,
      distDir: inject('clientDist'),
      dataDir: join(workDir, 'data'),
      env: { ADMIN_EMAILS: adminEmail, ADMIN_MFA: 'optional', SMTP_URL: inject('smtpUrl'), MAIL_FROM: `Storefront E2E <shop@${label}.e2e.test>` },
    });
    const admin = await call<Account>('/auth/register', { method: 'POST', body: JSON.stringify({ name: 'Own Admin', email: adminEmail, password: E2E_PASSWORD }) });
    await call('/auth/verify-email', { method: 'POST', body: JSON.stringify({ token: await mailedToken(adminEmail, /Confirm your e-mail address/, 'verify-email') }) });
    const shared = inject('apiUrl');
    return {
      apiUrl,
      webUrl,
      admin,
      call,
      stop,
      async open(browser, path, viewport, token) {
        const context = await browser.newContext({ viewport, bypassCSP: true });
        await context.route(`${shared}/**`, (route) => route.continue({ url: apiUrl + route.request().url().slice(shared.length) }));
        if (token) await context.addInitScript((t) => localStorage.setItem('accessToken', t), token);
        const page = await context.newPage();
        const pageErrors: Error[] = [];
        page.on('pageerror', (error) => pageErrors.push(error));
        await page.goto(new URL(path, webUrl).toString());
        await appStarted(page);
        return { context, page, pageErrors };
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
