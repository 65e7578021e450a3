import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
  });
});

describe('region', () => {
  const region = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/common/region', headers })).json().data.isoCode;

  it('prefers the configured country header', async () => {
    expect(await region({ 'cf-ipcountry': 'vn', 'accept-language': 'ko-KR' })).toBe('VN');
  });
  it('falls back to the region of Accept-Language', async () => {
    expect(await region({ 'accept-language': 'ko-KR,ko;q=0.9' })).toBe('KR');
    expect(await region({ 'accept-language': 'vi' })).toBe('VN');
    expect(await region({ 'accept-language': 'ko' })).toBe('KR');
    expect(await region({ 'accept-language': 'en-US,en;q=0.8' })).toBe('US');
  });
  it('defaults to US', async () => {
    expect(await region({})).toBe('US');
    expect(await region({ 'cf-ipcountry': 'XX' })).toBe('US');
  });
});

describe('auth config, errors and docs', () => {
  it('hides Google without an OIDC client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toEqual({ data: { google: false } });
  });

  it('answers unknown API routes with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('requires an access key on protected routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/member' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/member',
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('serves an OpenAPI document listing the paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/health',
      '/api/common/region',
      '/api/auth/email',
      '/api/auth/login/general',
      '/api/auth/refresh',
      '/api/member',
      '/api/member/join/general',
      '/api/file',
      '/api/project/list-of-member',
      '/api/project/{projectIdx}/roles',
      '/api/link',
      '/api/link/{linkIdx}',
    ])
      expect(paths).toContain(path);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect(ui.body).toContain('swagger-ui');
  });

  it('tells to build the web app when it is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
  });
});

describe('web app and failing database', () => {
  it('serves the built web app with SPA fallback, keeping /api answers JSON', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'teamline-web-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Teamline</title>');
    await writeFile(join(dist, 'app.js'), 'console.log(1)');
    const web = await createTestApp({ database: t.database, config: { webDist: dist } });
    try {
      const index = await web.app.inject({ method: 'GET', url: '/' });
      expect(index.headers['content-type']).toContain('text/html');
      expect(index.body).toContain('<title>Teamline</title>');
      const asset = await web.app.inject({ method: 'GET', url: '/app.js' });
      expect(asset.body).toBe('console.log(1)');
      const deep = await web.app.inject({ method: 'GET', url: '/timeline/3?x=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>Teamline</title>');
      const api = await web.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('NOT_FOUND');
    } finally {
      await web.close();
    }
  });

  it('answers 503 from /health when the database is down, without internals', async () => {
    const broken = {
      ...t.database,
      ping: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.1:5432 select secret');
      },
      close: async () => undefined,
    };
    const down = await createTestApp({ database: broken });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('INTERNAL');
      expect(res.body).not.toContain('ECONNREFUSED');
    } finally {
      await down.close();
    }
  });
});
