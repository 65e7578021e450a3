import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * A small build in a temp folder, compressed by the web app's own build step
 * (apps/web/scripts/compress.mjs), served the way `npm start` serves apps/web/dist.
 */
describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  const script = `export const words = ${JSON.stringify('teamline '.repeat(400))};\n`;
  const page = `<!doctype html><html><head><title>Teamline</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'teamline-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), page);
    await writeFile(join(dist, 'assets/index-Ab12Cd34.js'), script);
    execFileSync(process.execPath, [join(repoRoot, 'apps/web/scripts/compress.mjs'), dist]);
    t = await createTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends hashed assets brotli-compressed, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that does not take brotli', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a client without Accept-Encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-Ab12Cd34.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body).toBe(script);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes the browser revalidate index.html, at / and as the SPA fallback, compressed too', async () => {
    for (const url of ['/', '/index.html', '/timeline/3?x=1']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const plain = await get('/timeline/3');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(page);
  });

  it('answers a chunk of an older build with 404, not with the page', async () => {
    const res = await get('/assets/index-Old00000.js', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('keeps the security headers on compressed files', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'br');
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the build step wrote the compressed copies next to the files', async () => {
    const br = await readFile(join(dist, 'assets/index-Ab12Cd34.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    const gz = await readFile(join(dist, 'index.html.gz'));
    expect(gunzipSync(gz).toString()).toBe(page);
  });
});
