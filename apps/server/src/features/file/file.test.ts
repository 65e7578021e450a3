import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMP_PREFIX } from '../../infra/storage.js';
import { UPLOAD_SWEEP_JOB } from './upload-sweep.job.js';
import { contentDisposition } from './file.routes.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  onS3,
  signUp,
  storedKeys,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let mate: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let projectIdx: number;

/** The smallest valid PNG: 1×1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

function multipart(parts: { name: string; value: Buffer | string; filename?: string }[]) {
  const boundary = `----teamline${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  key: string | undefined,
  bytes: Buffer | string,
  filename: string,
  projectIdxField?: number,
) {
  const parts: { name: string; value: Buffer | string; filename?: string }[] = [];
  if (projectIdxField) parts.push({ name: 'projectIdx', value: String(projectIdxField) });
  parts.push({ name: 'file', value: bytes, filename });
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/file',
    payload,
    headers: { ...headers, ...(key ? bearer(key) : {}) },
  });
}
const download = (key: string | undefined, fileIdx: number) =>
  t.app.inject({ method: 'GET', url: `/api/file?fileIdx=${fileIdx}`, headers: key ? bearer(key) : {} });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'owner@example.com');
  mate = await signUp(t, 'mate@example.com');
  stranger = await signUp(t, 'stranger@example.com');
  projectIdx = await createProject(t, owner.key, 'Files');
  await addToProject(t, projectIdx, mate.memberIdx, 'depth1');
});
afterAll(async () => {
  await t?.close();
});

describe('POST /file', () => {
  it('stores an image and serves it back with its type', async () => {
    const res = await upload(owner.key, PNG, 'pixel.png');
    expect(res.statusCode).toBe(201);
    const { fileIdx } = res.json().data;
    const got = await download(owner.key, fileIdx);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('renders only safe image types inline; PDF, HTML and text are downloads, names encoded once', async () => {
    const png = await upload(owner.key, PNG, 'pixel.png');
    const shown = await download(owner.key, png.json().data.fileIdx);
    expect(shown.headers['content-disposition']).toBe(
      `inline; filename="pixel.png"; filename*=UTF-8''pixel.png`,
    );
    expect(shown.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const pdf = await upload(owner.key, PDF, "보고서 (1)'s.pdf");
    const got = await download(owner.key, pdf.json().data.fileIdx);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="___ (1)'s.pdf"; filename*=UTF-8''%EB%B3%B4%EA%B3%A0%EC%84%9C%20%281%29%27s.pdf`,
    );
    const html = await upload(owner.key, '<html><script>alert(1)</script></html>', 'page.html');
    const page = await download(owner.key, html.json().data.fileIdx);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.headers['content-disposition']).toMatch(/^attachment;/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a name with quotes or line breaks cannot break out of the header', () => {
    expect(contentDisposition('attachment', 'a"b\r\nSet-Cookie: x.txt')).toBe(
      `attachment; filename="a_b__Set-Cookie: x.txt"; filename*=UTF-8''a%22b%0D%0ASet-Cookie%3A%20x.txt`,
    );
  });

  it('decides the type by content: text named .png is stored and served as text', async () => {
    const res = await upload(owner.key, 'just some words', 'fake.png');
    expect(res.statusCode).toBe(201);
    const got = await download(owner.key, res.json().data.fileIdx);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    const csv = await upload(owner.key, 'a,b\n1,2\n', 'table.csv');
    expect((await download(owner.key, csv.json().data.fileIdx)).headers['content-type']).toBe(
      'text/csv; charset=utf-8',
    );
    const pdf = await upload(owner.key, PDF, 'doc.bin');
    expect((await download(owner.key, pdf.json().data.fileIdx)).headers['content-type']).toBe(
      'application/pdf',
    );
  });

  it('refuses other types by content, whatever the name', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
    const res = await upload(owner.key, exe, 'photo.png');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const binary = await upload(owner.key, Buffer.from([0x00, 0xff, 0x10, 0x00, 0x99]), 'data.txt');
    expect(binary.statusCode).toBe(415);
  });

  it('refuses files over 10 MB with 413', async () => {
    const res = await upload(owner.key, Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), 'big.txt');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('FILE_TOO_LARGE');
  });

  it('an over-size upload leaves no partial file in storage', async () => {
    const before = await storedKeys(t);
    const res = await upload(owner.key, Buffer.alloc(10 * 1024 * 1024 + 4096, 0x61), 'big.txt', projectIdx);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('FILE_TOO_LARGE');
    expect(await storedKeys(t)).toEqual(before);
  });

  // Back-dates files in the folder; on a bucket file-storage.test.ts checks the sweep (LastModified).
  it.skipIf(onS3)(
    'the hourly sweep deletes uploads a crash cut off an hour ago, and leaves uploads in progress',
    async () => {
      await mkdir(t.config.filesDir, { recursive: true });
      const stale = join(t.config.filesDir, `${TEMP_PREFIX}crashed`);
      const fresh = join(t.config.filesDir, `${TEMP_PREFIX}writing`);
      await writeFile(stale, 'half');
      await writeFile(fresh, 'half');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(stale, twoHoursAgo, twoHoursAgo);
      await t.app.ctx.jobs.send(UPLOAD_SWEEP_JOB, {});
      await t.app.ctx.jobs.idle(UPLOAD_SWEEP_JOB);
      const left = await readdir(t.config.filesDir);
      expect(left).not.toContain(`${TEMP_PREFIX}crashed`);
      expect(left).toContain(`${TEMP_PREFIX}writing`);
    },
  );

  it('requires a file and a key', async () => {
    const { payload, headers } = multipart([{ name: 'other', value: 'x' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/file',
      payload,
      headers: { ...headers, ...bearer(owner.key) },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('FILE_REQUIRED');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/file',
      payload: {},
      headers: bearer(owner.key),
    });
    expect(json.json().error.code).toBe('FILE_REQUIRED');
    expect((await upload(undefined, PNG, 'x.png')).statusCode).toBe(401);
    expect((await download(undefined, 1)).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/file?fileIdx=abc',
      headers: bearer(owner.key),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toHaveProperty('fileIdx');
  });
});

describe('GET /file access', () => {
  it('project files: members yes; strangers 404 as for a missing id', async () => {
    const res = await upload(owner.key, PDF, 'plan.pdf', projectIdx);
    expect(res.statusCode).toBe(201);
    const { fileIdx } = res.json().data;
    expect((await download(mate.key, fileIdx)).statusCode).toBe(200);
    const denied = await download(stranger.key, fileIdx);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual((await download(stranger.key, 999999)).json());
  });

  it('only members may upload into a project', async () => {
    const res = await upload(stranger.key, PNG, 'x.png', projectIdx);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    const query = await t.app.inject({
      method: 'POST',
      url: `/api/file?projectIdx=${projectIdx}`,
      ...(() => {
        const m = multipart([{ name: 'file', value: PNG, filename: 'x.png' }]);
        return { payload: m.payload, headers: { ...m.headers, ...bearer(mate.key) } };
      })(),
    });
    expect(query.statusCode).toBe(201);
  });

  it('a profile image is visible to project mates only', async () => {
    const res = await upload(mate.key, PNG, 'me.png');
    const { fileIdx } = res.json().data;
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/member',
      payload: { profileFileIdx: fileIdx },
      headers: bearer(mate.key),
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.profileFileIdx).toBe(fileIdx);
    expect((await download(owner.key, fileIdx)).statusCode).toBe(200);
    expect((await download(stranger.key, fileIdx)).statusCode).toBe(404);
    // Someone else's file cannot become one's avatar.
    const steal = await t.app.inject({
      method: 'PATCH',
      url: '/api/member',
      payload: { profileFileIdx: fileIdx },
      headers: bearer(stranger.key),
    });
    expect(steal.statusCode).toBe(404);
  });
});
