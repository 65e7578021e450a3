import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, TEMP_PREFIX, type Storage } from '../../infra/storage.js';
import { migrateStorage } from '../../infra/storage-migrate.js';
import { startS3Fake, type S3Fake } from '../../test/s3-fake.js';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.js';

/**
 * Object storage (issue 32, docs/decisions.md "Object storage"): the local folder and an
 * S3-compatible bucket behave alike behind `Storage` — streamed temporary uploads committed under a
 * key, ranged reads, deletion, the sweep of abandoned uploads — and the app on a bucket uploads,
 * serves `Range` requests, counts quotas and deletes objects as on disk. The bucket is a local
 * server speaking the S3 REST protocol and checking SigV4 signatures (test/s3-fake.ts).
 */
let fake: S3Fake;
let dir: string;
beforeAll(async () => {
  fake = await startS3Fake(['teamline-test', 'teamline-app', 'teamline-migrate']);
  dir = await mkdtemp(join(tmpdir(), 'teamline-storage-'));
});
afterAll(async () => {
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

const text = (stream: Readable | null) =>
  stream
    ? Readable.from(stream)
        .toArray()
        .then((chunks) => Buffer.concat(chunks).toString())
    : null;
const keysOf = async (storage: Storage, prefix = '') => {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
};

describe.each([
  ['local folder', () => createLocalStorage(join(dir, 'files'))],
  ['S3 bucket', () => createS3Storage(fake.config('teamline-test'))],
])('Storage on a %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('puts, reads whole or a byte range, sizes, lists and deletes (twice without error)', async () => {
    await storage.put('k1', Buffer.from('0123456789'));
    expect((await storage.get('k1'))?.toString()).toBe('0123456789');
    expect(await text(await storage.openRead('k1'))).toBe('0123456789');
    expect(await text(await storage.openRead('k1', { start: 2, end: 5 }))).toBe('2345');
    expect(await storage.size('k1')).toBe(10);
    expect(await keysOf(storage)).toContain('k1');
    await storage.remove('k1');
    await storage.remove('k1');
    expect(await storage.get('k1')).toBeNull();
    expect(await storage.openRead('k1')).toBeNull();
    expect(await storage.size('k1')).toBeNull();
  });

  it('streams a large upload to a temporary object, reads it back, then commits it under its key', async () => {
    // Past one multipart part (5 MB) on S3: two parts.
    const big = Buffer.alloc(6 * 1024 * 1024 + 7, 0x62);
    const temp = await storage.writeTemp(
      Readable.from([big.subarray(0, 4_000_000), big.subarray(4_000_000)]),
    );
    expect(await keysOf(storage, TEMP_PREFIX)).toHaveLength(1);
    const head = await temp.openRead();
    const first = (await head.toArray()) as Buffer[];
    expect(Buffer.concat(first).length).toBe(big.length);
    await temp.commit('big');
    expect(await keysOf(storage, TEMP_PREFIX)).toEqual([]);
    expect(await storage.size('big')).toBe(big.length);
    const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(hash((await storage.get('big'))!)).toBe(hash(big));
    await storage.remove('big');
  });

  it('a transform refusing a chunk mid-stream leaves no temporary object; discard removes one', async () => {
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        callback(seen > 6 * 1024 * 1024 ? new Error('over quota') : null, chunk);
      },
    });
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(1024 * 1024, 0x63));
    await expect(storage.writeTemp(Readable.from(chunks), limit)).rejects.toThrow('over quota');
    expect(await keysOf(storage, TEMP_PREFIX)).toEqual([]);

    const temp = await storage.writeTemp(Readable.from([Buffer.from('half')]));
    await temp.discard();
    await temp.discard();
    expect(await keysOf(storage, TEMP_PREFIX)).toEqual([]);
  });

  it('sweeps temporary uploads last written before the cut-off, and nothing else', async () => {
    await storage.put('kept', Buffer.from('a file'));
    await storage.writeTemp(Readable.from([Buffer.from('cut off')]));
    expect(await storage.sweepTemp(new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
    expect(await keysOf(storage, TEMP_PREFIX)).toHaveLength(1);
    expect(await storage.sweepTemp(new Date(Date.now() + 60 * 1000))).toBe(1);
    expect(await keysOf(storage, TEMP_PREFIX)).toEqual([]);
    expect(await storage.size('kept')).toBe(6);
    await storage.remove('kept');
  });
});

describe('S3 requests are signed', () => {
  it('a wrong secret is refused by the server (SigV4 checked), so a misconfigured bucket fails loudly', async () => {
    const wrong = createS3Storage({ ...fake.config('teamline-test'), secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('x', Buffer.from('x'))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });
});

describe('files:migrate (local folder into the bucket)', () => {
  it('copies every file and verifies it, leaves temporary uploads, and a second run copies nothing', async () => {
    const local = createLocalStorage(join(dir, 'to-migrate'));
    const bucket = createS3Storage(fake.config('teamline-migrate'));
    await local.put('a', Buffer.from('first file'));
    await local.put('export-b', Buffer.alloc(6 * 1024 * 1024, 0x64));
    await local.writeTemp(Readable.from([Buffer.from('cut off')]));
    // A copy cut off by an earlier run: wrong bytes under the key, copied again.
    await bucket.put('a', Buffer.from('first'));

    const first = await migrateStorage(local, bucket);
    expect(first).toEqual({ total: 2, copied: 2, alreadyThere: 0, failed: [] });
    expect(await keysOf(bucket)).toEqual(['a', 'export-b']);
    expect((await bucket.get('a'))?.toString()).toBe('first file');
    expect(await bucket.size('export-b')).toBe(6 * 1024 * 1024);

    expect(await migrateStorage(local, bucket)).toEqual({ total: 2, copied: 0, alreadyThere: 2, failed: [] });
    expect(await keysOf(local)).toHaveLength(3);
  });
});

/** The smallest valid PNG: 1×1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe.each([
  ['the local folder', 'local', () => ({ s3: null })],
  ['an S3 bucket', 's3', () => ({ s3: fake.config('teamline-app') })],
])('Files on %s', (_name, kind, storageConfig) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  const MEMBER_QUOTA = 1000;

  beforeAll(async () => {
    t = await createTestApp({
      config: { ...storageConfig(), storageQuota: { memberBytes: MEMBER_QUOTA, projectBytes: 10_000 } },
    });
    owner = await signUp(t, 'owner@example.com');
    expect(t.app.ctx.storage.kind).toBe(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const storage = () => t.app.ctx.storage;
  const stored = async () => {
    const keys: string[] = [];
    for await (const object of storage().list()) keys.push(object.key);
    return keys.sort();
  };

  async function upload(bytes: Buffer, filename: string) {
    const boundary = `----storage${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/file',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(owner.key) },
    });
  }
  const download = (fileIdx: number, range?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/file?fileIdx=${fileIdx}`,
      headers: { ...bearer(owner.key), ...(range ? { range } : {}) },
    });
  const keyOf = async (fileIdx: number) => {
    const result = await t.database.db.execute(sql`select storage_key from file where file_idx = ${fileIdx}`);
    return (result as { rows: { storage_key: string }[] }).rows[0]!.storage_key;
  };

  it('uploads an image (its type read from the stored bytes) and serves it whole', async () => {
    const res = await upload(PNG, 'pixel.png');
    expect(res.statusCode).toBe(201);
    const fileIdx = res.json().data.fileIdx as number;
    expect(await stored()).toEqual([await keyOf(fileIdx)]);
    const got = await download(fileIdx);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['accept-ranges']).toBe('bytes');
    expect(Number(got.headers['content-length'])).toBe(PNG.length);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/file/${fileIdx}`, headers: bearer(owner.key) }))
        .statusCode,
    ).toBe(200);
    expect(await stored()).toEqual([]);
  });

  it('a Range request answers 206 with exactly those bytes; outside the file 416', async () => {
    const body = Buffer.from('abcdefghijklmnopqrstuvwxyz');
    const fileIdx = (await upload(body, 'letters.txt')).json().data.fileIdx as number;

    const middle = await download(fileIdx, 'bytes=2-5');
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 2-5/26');
    expect(middle.headers['content-length']).toBe('4');
    expect(middle.payload).toBe('cdef');

    const open = await download(fileIdx, 'bytes=20-');
    expect([open.statusCode, open.payload, open.headers['content-range']]).toEqual([
      206,
      'uvwxyz',
      'bytes 20-25/26',
    ]);
    const last = await download(fileIdx, 'bytes=-3');
    expect([last.statusCode, last.payload]).toEqual([206, 'xyz']);
    const past = await download(fileIdx, 'bytes=10-999');
    expect([past.statusCode, past.payload, past.headers['content-range']]).toEqual([
      206,
      'klmnopqrstuvwxyz',
      'bytes 10-25/26',
    ]);

    const outside = await download(fileIdx, 'bytes=26-30');
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */26');
    expect(outside.json().error.code).toBe('RANGE_NOT_SATISFIABLE');

    // Several ranges, or another unit: the whole file.
    const several = await download(fileIdx, 'bytes=0-1,4-5');
    expect([several.statusCode, several.payload]).toEqual([200, body.toString()]);
    await t.app.inject({ method: 'DELETE', url: `/api/file/${fileIdx}`, headers: bearer(owner.key) });
  });

  it('counts the quota alike: past it 413 with no object left behind; deleting frees the space', async () => {
    const first = await upload(Buffer.alloc(600, 0x61), 'a.txt');
    expect(first.statusCode).toBe(201);
    const before = await stored();
    const refused = await upload(Buffer.alloc(600, 0x61), 'b.txt');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(await stored()).toEqual(before);

    const usage = await t.app.inject({ method: 'GET', url: '/api/file/usage', headers: bearer(owner.key) });
    expect(usage.json().data).toEqual({ usedBytes: 600, quotaBytes: MEMBER_QUOTA });

    const fileIdx = first.json().data.fileIdx as number;
    const key = await keyOf(fileIdx);
    expect(await storage().size(key)).toBe(600);
    await t.app.inject({ method: 'DELETE', url: `/api/file/${fileIdx}`, headers: bearer(owner.key) });
    expect(await storage().size(key)).toBeNull();
    expect((await upload(Buffer.alloc(600, 0x61), 'c.txt')).statusCode).toBe(201);
  });
});
