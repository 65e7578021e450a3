import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchLinkPreview } from '../../infra/link-preview.js';
import { createOutboundHttp, isPublicAddress } from '../../platform/outbound-http/outbound-http.js';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let dev: Awaited<ReturnType<typeof signUp>>;
let client: Awaited<ReturnType<typeof signUp>>;
let outsider: Awaited<ReturnType<typeof signUp>>;
let projectA: number;
let projectB: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, 'admin@example.com');
  dev = await signUp(t, 'dev@example.com');
  client = await signUp(t, 'client@example.com');
  outsider = await signUp(t, 'outsider@example.com');
  projectA = await createProject(t, admin.key, 'A');
  await addToProject(t, projectA, dev.memberIdx, 'depth2');
  await addToProject(t, projectA, client.memberIdx, 'client');
  projectB = await createProject(t, outsider.key, 'B');
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, key?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: key ? bearer(key) : {} });

describe('links', () => {
  it('a professional adds a normalised link; every member lists it', async () => {
    const res = await req('POST', '/api/link', dev.key, { url: ' example.com/docs ', projectIdx: projectA });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      url: 'https://example.com/docs',
      metaTitle: 'example.com',
      metaImage: null,
      projectIdx: projectA,
    });
    const list = await req('GET', `/api/link?projectIdx=${projectA}`, client.key);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((l: { url: string }) => l.url)).toContain('https://example.com/docs');
  });

  it('clients cannot add or delete links', async () => {
    const add = await req('POST', '/api/link', client.key, { url: 'https://x.test', projectIdx: projectA });
    expect(add.statusCode).toBe(403);
    expect(add.json().error.code).toBe('PROFESSIONAL_ONLY');
    const created = (
      await req('POST', '/api/link', admin.key, { url: 'https://y.test', projectIdx: projectA })
    ).json().data;
    const del = await req('DELETE', `/api/link/${created.linkIdx}`, client.key);
    expect(del.statusCode).toBe(403);
    expect(del.json().error.code).toBe('PROFESSIONAL_ONLY');
  });

  it('outsiders get 403 and no data', async () => {
    const list = await req('GET', `/api/link?projectIdx=${projectA}`, outsider.key);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ error: expect.objectContaining({ code: 'PROJECT_ACCESS_DENIED' }) });
    const add = await req('POST', '/api/link', outsider.key, { url: 'https://x.test', projectIdx: projectA });
    expect(add.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    const created = (
      await req('POST', '/api/link', admin.key, { url: 'https://z.test', projectIdx: projectA })
    ).json().data;
    // Another project's link answers like a missing one: ids of other projects stay unknown.
    const del = await req('DELETE', `/api/link/${created.linkIdx}`, outsider.key);
    expect(del.statusCode).toBe(404);
    expect(del.json().error.code).toBe('LINK_NOT_FOUND');
    const missing = await req('DELETE', '/api/link/999999', outsider.key);
    expect(missing.json()).toEqual(del.json());
    // A member of A cannot reach B's links either.
    expect((await req('GET', `/api/link?projectIdx=${projectB}`, admin.key)).statusCode).toBe(403);
  });

  it('deletes a link; unknown ones are 404', async () => {
    const created = (
      await req('POST', '/api/link', admin.key, { url: 'https://gone.test', projectIdx: projectA })
    ).json().data;
    const del = await req('DELETE', `/api/link/${created.linkIdx}`, dev.key);
    expect(del.statusCode).toBe(200);
    const list = (await req('GET', `/api/link?projectIdx=${projectA}`, dev.key)).json().data;
    expect(list.map((l: { linkIdx: number }) => l.linkIdx)).not.toContain(created.linkIdx);
    const again = await req('DELETE', `/api/link/${created.linkIdx}`, dev.key);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('LINK_NOT_FOUND');
  });

  it('validates input and requires a key', async () => {
    const empty = await req('POST', '/api/link', admin.key, { url: '  ', projectIdx: projectA });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fieldErrors).toEqual({ url: 'required' });
    const bad = await req('POST', '/api/link', admin.key, {
      url: 'https://exa mple.com',
      projectIdx: projectA,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('LINK_INVALID');
    const noProject = await req('GET', '/api/link', admin.key);
    expect(noProject.json().error.fieldErrors).toHaveProperty('projectIdx');
    expect((await req('GET', `/api/link?projectIdx=${projectA}`)).statusCode).toBe(401);
    expect((await req('POST', '/api/link', undefined, { url: 'a.b', projectIdx: projectA })).statusCode).toBe(
      401,
    );
    expect((await req('DELETE', '/api/link/1')).statusCode).toBe(401);
  });
});

describe('link preview', () => {
  it('never fetches private or loopback addresses', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.setHeader('content-type', 'text/html');
      res.end('<html><head><title>Secret</title></head></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const http = createOutboundHttp({ allowPrivate: false });
    try {
      const preview = await fetchLinkPreview(`http://127.0.0.1:${port}/`, true, http);
      expect(preview).toEqual({ metaTitle: '127.0.0.1', metaImage: null });
      const named = await fetchLinkPreview(`http://localhost:${port}/`, true, http);
      expect(named.metaTitle).toBe('localhost');
      expect(hits).toBe(0);
    } finally {
      server.close();
      await http.close();
    }
    for (const address of [
      '10.1.2.3',
      '192.168.0.1',
      '172.20.0.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '0.0.0.0',
      '::ffff:127.0.0.1',
    ])
      expect(isPublicAddress(address)).toBe(false);
    expect(isPublicAddress('93.184.216.34')).toBe(true);
  });

  it('keeps only http(s) preview images: a page cannot make the app store javascript: or data:', async () => {
    let image = 'javascript:alert(1)';
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<html><head><title>Page</title><meta property="og:image" content="${image}"></head></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const http = createOutboundHttp({ allowPrivate: true });
    try {
      const url = `http://127.0.0.1:${port}/`;
      expect(await fetchLinkPreview(url, true, http)).toEqual({ metaTitle: 'Page', metaImage: null });
      image = 'data:image/svg+xml,<svg onload=alert(1)>';
      expect((await fetchLinkPreview(url, true, http)).metaImage).toBeNull();
      image = '/logo.png';
      expect((await fetchLinkPreview(url, true, http)).metaImage).toBe(`http://127.0.0.1:${port}/logo.png`);
    } finally {
      server.close();
      await http.close();
    }
  });
});
