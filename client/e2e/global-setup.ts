import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_EMAIL, enrolAdmin } from './accounts';
import { chromium, type BrowserServer } from 'playwright-core';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    /** The run's one Chromium (launchServer); each file connects to it (browser.ts launchBrowser). */
    browserWs: string;
    /** The e2e admin's session and its authenticator's secret (issue 44: enrolled here, once). */
    adminToken: string;
    adminTotpSecret: string;
  }
}

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(clientDir, '..');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 200_000;

function log(message: string) {
  console.log(`[e2e] ${message}`);
}

/** A port the OS says is free on loopback right now. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function twoFreePorts(): Promise<[number, number]> {
  const a = await freePort();
  let b = await freePort();
  while (b === a) b = await freePort();
  return [a, b];
}

/** Builds into this run's own folder, so that runs may overlap. */
async function buildClient(apiUrl: string, distDir: string) {
  log(`building the client for ${apiUrl} into ${distDir}`);
  const previous = process.env.VITE_API_URL;
  process.env.VITE_API_URL = apiUrl; // Vite reads VITE_* from the environment
  try {
    await build({
      root: clientDir,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: distDir, emptyOutDir: true },
    });
  } finally {
    if (previous === undefined) delete process.env.VITE_API_URL;
    else process.env.VITE_API_URL = previous;
  }
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not start: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output}`)),
    );
  });
}

async function serverBinary(binDir: string): Promise<string> {
  if (process.env.STOREFRONT_BIN) {
    const bin = resolve(process.env.STOREFRONT_BIN);
    if (!existsSync(bin)) throw new Error(`STOREFRONT_BIN=${bin} does not exist`);
    log(`using the server binary ${bin}`);
    return bin;
  }
  const bin = join(binDir, 'storefront');
  log(`building the server (go build ./server/cmd/storefront in ${repoRoot})`);
  await run('go', ['build', '-o', bin, './server/cmd/storefront'], repoRoot);
  return bin;
}

async function isReady(url: string, check: (body: string) => boolean): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200 && check(await response.text());
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => {
      log('server did not stop on SIGTERM; killing it');
      child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  assertChromiumInstalled();

  const [apiPort, webPort] = await twoFreePorts();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const workDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  const dataDir = join(workDir, 'data');
  const distDir = join(workDir, 'dist');

  let server: ChildProcess | undefined;
  let admin: { token: string; secret: string } | undefined;
  let browserServer: BrowserServer | undefined;
  // --- The e-mail the server sends (issue 29) -------------------------------
  // An SMTP catcher on loopback: the tests read the verification and reset
  // links from it (the stored outbox keeps no live token). Started first and
  // stopped last; elsewhere only the two variables in `env` and `mailUrl`.
  let mail: MailCatcher | undefined;
  const cleanup = async () => {
    await browserServer?.close();
    if (server) await stop(server);
    await mail?.close();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    mail = await startMailCatcher();
    const mailEnv = { SMTP_URL: mail.smtpUrl, MAIL_FROM: 'Storefront E2E <shop@e2e.test>' };
    // ----------------------------------------------------------------------------

    const [bin] = await Promise.all([
      serverBinary(workDir),
      buildClient(apiUrl, distDir),
      chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true }).then((b) => (browserServer = b)),
    ]);

    log(`starting the server: API ${apiUrl}, web ${webUrl}`);
    let output = '';
    server = spawn(bin, [], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(apiPort),
        CLIENT_PORT: String(webPort),
        CLIENT_DIST: distDir,
        DATA_DIR: dataDir,
        PUBLIC_URL: apiUrl,
        CORS_ORIGINS: webUrl,
        SEED_DEMO: 'true',
        // Every test signs up its own accounts, all from 127.0.0.1: far more
        // than the default per-address sign-up limit (10 at once) allows.
        SIGNUP_BURST: '1000',
        // And signs in (each file's admin, the sign-in pages) two files at a time: more than the
        // default 20 sign-ins per address in a burst. (The limits themselves are Go tests.)
        LOGIN_BURST: '1000',
        // And orders from many accounts, all from 127.0.0.1, some many at once: the per-address
        // order rate (ORDER_BURST) would meet them. The unpaid cap (UNPAID_LIMIT) stays at its default.
        ORDER_BURST: '10000',
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        GOOGLE_CLIENT_ID: '', // "Continue with Google" stays disabled: tests never load Google's script
        // the embedded store and the offline payment test mode, whatever this shell has set
        MONGODB_URI: '',
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        // A tax, as a real store has (issue 43): each journey that orders checks that the total it shows,
        // computed before asking or answered by the server, is the amount charged.
        TAX_RATE: '8.25',
        ...mailEnv,
      },
    });
    const collect = (d: Buffer) => {
      if (output.length < OUTPUT_LIMIT) output += d.toString();
    };
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);

    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it was ready. Its output:\n${output}`);
      }
      const ready =
        (await isReady(`${apiUrl}/healthz`, () => true)) &&
        (await isReady(`${webUrl}/`, (body) => body.includes('<div id="root"')));
      if (ready) break;
      if (Date.now() > deadline) {
        throw new Error(
          `the server was not ready within ${START_TIMEOUT_MS / 1000}s ` +
            `(${apiUrl}/healthz 200 and ${webUrl}/ serving index.html). Its output:\n${output}`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    log('server ready');
    admin = await enrolAdmin(apiUrl, mail.url);
    log(`${E2E_ADMIN_EMAIL} is an admin with two-step sign-in`);
  } catch (error) {
    await cleanup();
    throw error;
  }

  project.provide('webUrl', webUrl);
  project.provide('apiUrl', apiUrl);
  project.provide('browserWs', browserServer!.wsEndpoint());
  project.provide('mailUrl', mail.url);
  project.provide('adminToken', admin.token);
  project.provide('adminTotpSecret', admin.secret);
  return cleanup;
}
