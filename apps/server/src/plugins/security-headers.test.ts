import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const directivesOf = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    proxied = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });

  it('sends a CSP with no inline script, no eval and no framing, on the API and the web app', async () => {
    for (const url of ['/api/auth/config', '/', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directivesOf(res.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(String(res.headers['content-security-policy'])).not.toMatch(
        /unsafe-eval|script-src[^;]*unsafe-inline/,
      );
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends HSTS only over https, and believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await proxied.app.inject({
      method: 'GET',
      url: '/api/auth/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
  });

  it('the web app page has no inline script for the CSP to block', () => {
    const html = readFileSync(join(repoRoot, 'apps/web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
