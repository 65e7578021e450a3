import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
  storedKeys,
} from '../../test/test-app.js';

/**
 * Storage quotas (docs/security.md "Files"): the same rule as in production, with the contract's
 * 200 MB and 2 GB lowered to bytes so the tests stay small.
 */
const MEMBER_QUOTA = 1000;
const PROJECT_QUOTA = 2000;

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let mate: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let projectIdx: number;
let otherProjectIdx: number;

async function upload(key: string, size: number, projectIdxField?: number) {
  const boundary = `----quota${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (projectIdxField) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="projectIdx"\r\n\r\n${projectIdxField}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.alloc(size, 0x61),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/file',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(key) },
  });
}

const stored = () => storedKeys(t);

function expectQuotaRefused(res: Awaited<ReturnType<typeof upload>>) {
  expect(res.statusCode).toBe(413);
  expect(res.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
}

beforeAll(async () => {
  t = await createTestApp({
    config: { storageQuota: { memberBytes: MEMBER_QUOTA, projectBytes: PROJECT_QUOTA } },
  });
  owner = await signUp(t, 'owner@example.com');
  mate = await signUp(t, 'mate@example.com');
  other = await signUp(t, 'other@example.com');
  projectIdx = await createProject(t, owner.key, 'Full');
  otherProjectIdx = await createProject(t, owner.key, 'Empty');
  await addToProject(t, projectIdx, mate.memberIdx, 'depth1');
});

afterAll(async () => {
  await t?.close();
});

describe('storage quota of a member (files outside any project)', () => {
  it('uploads within the quota; past it 413 STORAGE_QUOTA_EXCEEDED, with no partial file left', async () => {
    expect((await upload(owner.key, 600)).statusCode).toBe(201);
    const before = await stored();
    // 400 bytes left: the stream is cut at the 401st byte.
    expectQuotaRefused(await upload(owner.key, 600));
    expect(await stored()).toEqual(before);
    expect((await upload(owner.key, 400)).statusCode).toBe(201);
    // Full: refused before the stream is read.
    expectQuotaRefused(await upload(owner.key, 1));
    expect((await stored()).length).toBe(before.length + 1);
  });

  it("counts only that member's own files outside projects", async () => {
    // The owner is full, yet another member and the owner's project uploads are not affected.
    expect((await upload(other.key, MEMBER_QUOTA)).statusCode).toBe(201);
    expectQuotaRefused(await upload(other.key, 1));
    expect((await upload(owner.key, 500, otherProjectIdx)).statusCode).toBe(201);
  });
});

describe('storage quota of a project', () => {
  it('counts every member’s uploads to the project, and only that project’s', async () => {
    expect((await upload(owner.key, 1500, projectIdx)).statusCode).toBe(201);
    const before = await stored();
    expectQuotaRefused(await upload(mate.key, 600, projectIdx));
    expect(await stored()).toEqual(before);
    expect((await upload(mate.key, 500, projectIdx)).statusCode).toBe(201);
    expectQuotaRefused(await upload(owner.key, 1, projectIdx));
    // The other project holds 500 of its own 2000.
    expect((await upload(owner.key, 1500, otherProjectIdx)).statusCode).toBe(201);
    // The mate's personal quota is untouched by the project files.
    expect((await upload(mate.key, MEMBER_QUOTA)).statusCode).toBe(201);
  });
});
