import { createHmac } from 'node:crypto';

/**
 * RFC 6238 codes computed by the test from the secret the page shows (SHA-1, 6 digits, 30 s), the way
 * an authenticator app on a phone would: nothing is taken from the server's own code.
 */
function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/\s+/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 30-second step of a moment. */
const stepAt = (ms: number) => Math.floor(ms / 30_000);

function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** How long a typed code may take to reach the server, on a machine loaded by the whole suite. */
const DELIVERY_MARGIN_MS = 10_000;

/**
 * A code the server still takes after the step last used (each code works once; the server
 * accepts the step before and after its own, so step s until the end of step s + 1): the earliest
 * such step that is still accepted `DELIVERY_MARGIN_MS` from now, waiting for the clock only when
 * every step in the window is already used. The step before was taken even in its last second, and
 * under load the code arrived after it had expired ("invalid code", a flaky two-factor journey).
 */
export async function freshCode(secret: string, lastStep = 0): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = stepAt(Date.now());
    // Never before the step before `now`: the margin is at least that.
    const step = Math.max(lastStep + 1, stepAt(Date.now() + DELIVERY_MARGIN_MS) - 1);
    if (step <= now + 1) return { code: codeAt(secret, step), step };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
