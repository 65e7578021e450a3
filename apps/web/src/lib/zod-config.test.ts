import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod configuration', () => {
  it('zod loaded after the entry runs without its JIT (the CSP forbids eval)', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // An object schema built now validates without compiling code.
    expect(z.object({ a: z.string() }).safeParse({ a: 1 }).success).toBe(false);
  });
});
