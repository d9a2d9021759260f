import { createHmac } from 'node:crypto';

/**
 * The browser tests' authenticator app (issue 44): TOTP codes (RFC 6238:
 * HMAC-SHA1, 6 digits, 30-second steps) computed from the secret the server
 * gave at enrolment, as Google Authenticator computes them.
 */

function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code of `secret` for the 30-second step `step`. */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** The last step each secret sent a code of, in this file: the server takes a step's code once. */
const sent = new Map<string, number>();

/**
 * A code the server has not seen from this file: the step of now, or the
 * next one after the last sent (the server accepts one step either side).
 */
export function nextTotp(secret: string): string {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (sent.get(secret) ?? -1) + 1);
  if (step > now + 1) throw new Error('two codes of one authenticator within a step: a test must not need a third');
  sent.set(secret, step);
  return totpAt(secret, step);
}
