import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_EMAIL } from './accounts';

/**
 * The storefront server as the browser tests start it: the global setup's one shared server, and a journey's own
 * (startServer with its own DATA_DIR and ports, e2e/own-server.ts) when what it changes would change every other
 * journey's pages (issue 48's shipping methods change every checkout).
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 200_000;

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

export async function twoFreePorts(): Promise<[number, number]> {
  const a = await freePort();
  let b = await freePort();
  while (b === a) b = await freePort();
  return [a, b];
}

async function isReady(url: string, check: (body: string) => boolean): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200 && check(await response.text());
  } catch {
    return false;
  }
}

export function stopServer(child: ChildProcess, log: (message: string) => void = () => undefined): Promise<void> {
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

export interface ServerOptions {
  bin: string;
  apiPort: number;
  webPort: number;
  /** The client build the web port serves. */
  distDir: string;
  dataDir: string;
  /** Set after the tests' settings (SMTP_URL, PUBLIC_URL when it differs, ADMIN_EMAILS...). */
  env?: Record<string, string>;
}

/**
 * Starts the server binary with the browser tests' settings and answers it once /healthz answers and the web
 * port serves index.html; an exit or a start past 90 s throws with its output.
 */
export async function startServer({ bin, apiPort, webPort, distDir, dataDir, env = {} }: ServerOptions): Promise<ChildProcess> {
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  let output = '';
  const server = spawn(bin, [], {
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
      ...env,
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
      (await isReady(`${apiUrl}/healthz`, () => true)) && (await isReady(`${webUrl}/`, (body) => body.includes('<div id="root"')));
    if (ready) return server;
    if (Date.now() > deadline) {
      await stopServer(server);
      throw new Error(
        `the server was not ready within ${START_TIMEOUT_MS / 1000}s ` +
          `(${apiUrl}/healthz 200 and ${webUrl}/ serving index.html). Its output:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
