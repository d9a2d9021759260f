import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_EMAIL, enrolAdmin } from './accounts';
import { chromium, type BrowserServer } from 'playwright-core';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { startServer, stopServer, twoFreePorts } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    /** The run's one Chromium (launchServer); each file connects to it (browser.ts launchBrowser). */
    browserWs: string;
    /** The e2e admin's session and its authenticator's secret (issue 44: enrolled here, once). */
    adminToken: string;
    adminTotpSecret: string;
    /** The server binary, the client build and the mail catcher's SMTP_URL: a journey's own server (own-server.ts). */
    serverBin: string;
    clientDist: string;
    smtpUrl: string;
  }
}

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(clientDir, '..');

function log(message: string) {
  console.log(`[e2e] ${message}`);
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

export default async function setup(project: TestProject) {
  assertChromiumInstalled();

  const [apiPort, webPort] = await twoFreePorts();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const workDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  const dataDir = join(workDir, 'data');
  const distDir = join(workDir, 'dist');

  let server: ChildProcess | undefined;
  let bin = '';
  let admin: { token: string; secret: string } | undefined;
  let browserServer: BrowserServer | undefined;
  // --- The e-mail the server sends (issue 29) -------------------------------
  // An SMTP catcher on loopback: the tests read the verification and reset
  // links from it (the stored outbox keeps no live token). Started first and
  // stopped last; elsewhere only the two variables in `env` and `mailUrl`.
  let mail: MailCatcher | undefined;
  const cleanup = async () => {
    await browserServer?.close();
    if (server) await stopServer(server, log);
    await mail?.close();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    mail = await startMailCatcher();
    const mailEnv = { SMTP_URL: mail.smtpUrl, MAIL_FROM: 'Storefront E2E <shop@e2e.test>' };
    // ----------------------------------------------------------------------------

    [bin] = await Promise.all([
      serverBinary(workDir),
      buildClient(apiUrl, distDir),
      chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true }).then((b) => (browserServer = b)),
    ]);

    log(`starting the server: API ${apiUrl}, web ${webUrl}`);
    server = await startServer({ bin, apiPort, webPort, distDir, dataDir, env: mailEnv });
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
  // What a journey needs to start its own server (e2e/own-server.ts).
  project.provide('serverBin', bin);
  project.provide('clientDist', distDir);
  project.provide('smtpUrl', mail.smtpUrl);
  return cleanup;
}
