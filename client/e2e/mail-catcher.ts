import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { inject } from 'vitest';
import { waitUntil } from './wait';

/**
 * A tiny SMTP server for the browser tests (issue 29): the e2e server sends
 * its e-mails here (SMTP_URL, plain over loopback), and the tests read them
 * back over HTTP, links and all. The stored outbox could not serve: it keeps
 * no live token. Like a development catcher (MailHog), it accepts any sender
 * and recipient, offers no STARTTLS and asks no password.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** GET {mailUrl}/messages?to=ADDRESS: the messages caught for the address, oldest first. */
    mailUrl: string;
  }
}

export interface CaughtMail {
  to: string[];
  subject: string;
  /** The whole message, quoted-printable decoded (enough to find its links). */
  body: string;
  receivedAt: number;
}

/** Decodes quoted-printable (soft line breaks, =XX bytes) into UTF-8 text; anything else passes as it is. */
function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const out: Buffer[] = [];
  let from = 0;
  for (const match of soft.matchAll(/=([0-9A-F]{2})/g)) {
    out.push(Buffer.from(soft.slice(from, match.index), 'utf8'), Buffer.from([parseInt(match[1]!, 16)]));
    from = match.index + 3;
  }
  out.push(Buffer.from(soft.slice(from), 'utf8'));
  return Buffer.concat(out).toString('utf8');
}

function serveSmtp(socket: Socket, caught: CaughtMail[]) {
  socket.setEncoding('utf8');
  let buffer = '';
  let inData = false;
  let data: string[] = [];
  let to: string[] = [];
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 e2e-mail-catcher ESMTP');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          const raw = data.join('\r\n');
          const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
          caught.push({ to, subject, body: decodeQuotedPrintable(raw), receivedAt: Date.now() });
          data = [];
          to = [];
          reply('250 OK: queued');
        } else {
          data.push(line.startsWith('..') ? line.slice(1) : line);
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') socket.write('250-e2e-mail-catcher\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
      else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 OK');
      else if (verb === 'RCPT') {
        to.push(/<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? '');
        reply('250 OK');
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('502 Command not implemented');
    }
  });
  socket.on('error', () => undefined);
}

export interface MailCatcher {
  /** SMTP_URL for the server under test. */
  smtpUrl: string;
  /** Where the tests read the messages (provided to them as `mailUrl`). */
  url: string;
  close: () => Promise<void>;
}

/** Starts the SMTP catcher and its HTTP reader on free loopback ports. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const smtp = createTcpServer((socket) => serveSmtp(socket, caught));
  const http = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://catcher');
    const address = url.searchParams.get('to')?.toLowerCase();
    const list = caught.filter((m) => !address || m.to.includes(address));
    response.writeHead(url.pathname === '/messages' ? 200 : 404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(url.pathname === '/messages' ? list : { error: 'not found' }));
  });
  const listen = (server: typeof smtp | typeof http) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const [smtpPort, httpPort] = await Promise.all([listen(smtp), listen(http)]);
  const close = (server: typeof smtp | typeof http) => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://127.0.0.1:${httpPort}`,
    close: async () => {
      await Promise.all([close(smtp), close(http)]);
    },
  };
}

/**
 * The token of the newest message to `email` whose subject matches, from its
 * link to `page` (verify-email, reset-password); waits for it to arrive.
 * `after` skips messages caught before that time.
 */
export async function mailedToken(email: string, subject: RegExp, page: string, after = 0, timeoutMs = 30_000): Promise<string> {
  return mailedTokenAt(inject('mailUrl'), email, subject, page, after, timeoutMs);
}

/** mailedToken from the catcher at `mailUrl` (the global setup's, which has no inject). */
export async function mailedTokenAt(mailUrl: string, email: string, subject: RegExp, page: string, after = 0, timeoutMs = 30_000): Promise<string> {
  const link = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`);
  let list: CaughtMail[] = [];
  const newest = async (): Promise<string | undefined> => {
    const response = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(email)}`);
    list = (await response.json()) as CaughtMail[];
    return list
      .filter((m) => m.receivedAt >= after && subject.test(m.subject))
      .map((m) => link.exec(m.body)?.[1])
      .filter((token): token is string => Boolean(token))
      .at(-1);
  };
  return waitUntil(newest, {
    timeout: timeoutMs,
    message: () =>
      `no e-mail to ${email} (${subject}) with a /${page} link within ${timeoutMs / 1000}s; caught:\n` +
      list.map((m) => `${new Date(m.receivedAt).toISOString()} ${m.subject}\n${m.body.slice(0, 3000)}`).join('\n\n'),
  });
}