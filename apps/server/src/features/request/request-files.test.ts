import { readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../db/schema/index.js';
import { TEMP_PREFIX } from '../../infra/storage.js';
import { api, planningFixture, type PlanningFixture, type Person } from '../../test/planning-fixture.js';
import { bearer, createTestApp, onS3, type TestApp } from '../../test/test-app.js';
import { UPLOAD_SWEEP_JOB } from '../file/upload-sweep.job.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'rqf');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

/** POST /file with one file in `projectIdx`, as the web app sends it. */
async function upload(who: Person, projectIdx: number, name: string, text: string): Promise<number> {
  const boundary = `----teamline${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="projectIdx"\r\n\r\n${projectIdx}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(who.key) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.fileIdx as number;
}

const base = () => ({
  projectIdx: f.projectA,
  title: 'Look at these',
  dueDt: '20260320',
  receiverIdx: f.dev.mip,
});
type Files = { fileIdx: number; originalName: string; mime: string; size: number }[];

describe('files attached to a request', () => {
  it('attaches files on create; the detail and both boxes list them with name, type and size', async () => {
    const a = await upload(f.client, f.projectA, 'brief.txt', 'hello');
    const b = await upload(f.client, f.projectA, 'data.csv', 'a,b\n1,2\n');
    const res = await call('POST', '/request', f.client.key, { ...base(), fileIdxs: [a, b, a] });
    expect(res.statusCode, res.body).toBe(201);
    const expected: Files = [
      { fileIdx: a, originalName: 'brief.txt', mime: 'text/plain', size: 5 },
      { fileIdx: b, originalName: 'data.csv', mime: 'text/csv', size: 8 },
    ];
    const created = res.json().data;
    expect(created.files).toEqual(expected);
    const detail = (await call('GET', `/request/${created.requestIdx}`, f.dev.key)).json().data;
    expect(detail.files).toEqual(expected);
    const received = (await call('GET', `/request?projectIdx=${f.projectA}`, f.dev.key)).json().data;
    expect(
      received.requests.find((r: { requestIdx: number }) => r.requestIdx === created.requestIdx).files,
    ).toEqual(expected);
    const sent = (await call('GET', `/request?projectIdx=${f.projectA}&box=sent`, f.client.key)).json().data;
    expect(
      sent.requests.find((r: { requestIdx: number }) => r.requestIdx === created.requestIdx).files,
    ).toEqual(expected);
    // A request without files says so with an empty list.
    expect((await call('POST', '/request', f.client.key, base())).json().data.files).toEqual([]);
  });

  it('the sender replaces the set with PATCH (an empty list removes all); the receiver cannot', async () => {
    const a = await upload(f.client, f.projectA, 'one.txt', 'one');
    const b = await upload(f.client, f.projectA, 'two.txt', 'two');
    const created = (await call('POST', '/request', f.client.key, { ...base(), fileIdxs: [a] })).json().data;
    const url = `/request/${created.requestIdx}`;
    const replaced = await call('PATCH', url, f.client.key, { fileIdxs: [b] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.files.map((x: { fileIdx: number }) => x.fileIdx)).toEqual([b]);
    const byReceiver = await call('PATCH', url, f.dev.key, { fileIdxs: [a] });
    expect(byReceiver.statusCode).toBe(403);
    const withMove = await call('PATCH', url, f.dev.key, { status: 'inProgress', fileIdxs: [a] });
    expect(withMove.statusCode).toBe(400);
    const cleared = await call('PATCH', url, f.client.key, { fileIdxs: [] });
    expect(cleared.json().data.files).toEqual([]);
    expect((await call('GET', url, f.client.key)).json().data.files).toEqual([]);
    // Events name what changed, by ids only: no file names reach the project's sockets.
    const events = (
      await t.database.db
        .select()
        .from(domainEvents)
        .where(like(domainEvents.name, 'request.%'))
        .orderBy(asc(domainEvents.eventIdx))
    ).filter((e) => (e.payload as { requestIdx: number }).requestIdx === created.requestIdx);
    expect(events.map((e) => e.name)).toEqual(['request.created', 'request.updated', 'request.updated']);
    expect(events[1]!.payload).toMatchObject({ fields: ['fileIdxs'] });
    expect(JSON.stringify(events)).not.toContain('.txt');
    // Files taken off the request (and used nowhere else) are deleted: uploaded for it alone.
    expect((await call('GET', `/file?fileIdx=${a}`, f.client.key)).statusCode).toBe(404);
    expect((await call('GET', `/file?fileIdx=${b}`, f.client.key)).statusCode).toBe(404);
  });

  it('refuses another project’s file, a file outside any project, a missing id and more than 10, saving nothing', async () => {
    const foreign = await upload(f.outsider, f.projectB, 'theirs.txt', 'secret');
    const mine = await upload(f.client, f.projectA, 'mine.txt', 'mine');
    const before = (await call('GET', `/request?projectIdx=${f.projectA}&box=sent`, f.client.key)).json().data
      .requests.length;
    for (const fileIdxs of [[mine, foreign], [2_000_000_000]]) {
      const res = await call('POST', '/request', f.client.key, { ...base(), fileIdxs });
      expect(res.statusCode, JSON.stringify(fileIdxs)).toBe(400);
      expect(res.json().error.fieldErrors).toEqual({ fileIdxs: 'invalid' });
    }
    const tooMany = await call('POST', '/request', f.client.key, {
      ...base(),
      fileIdxs: Array(11).fill(mine),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().error.fieldErrors)).toEqual(['fileIdxs']);
    const after = (await call('GET', `/request?projectIdx=${f.projectA}&box=sent`, f.client.key)).json().data
      .requests.length;
    expect(after).toBe(before);

    const created = (await call('POST', '/request', f.client.key, { ...base(), fileIdxs: [mine] })).json()
      .data;
    const patch = await call('PATCH', `/request/${created.requestIdx}`, f.client.key, {
      title: 'Changed',
      fileIdxs: [foreign],
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.fieldErrors).toEqual({ fileIdxs: 'invalid' });
    const kept = (await call('GET', `/request/${created.requestIdx}`, f.client.key)).json().data;
    expect(kept.title).toBe('Look at these');
    expect(kept.files.map((x: { fileIdx: number }) => x.fileIdx)).toEqual([mine]);
  });

  it('a member the request does not concern, and a stranger, get 404 and never see its files', async () => {
    const a = await upload(f.client, f.projectA, 'private.txt', 'private');
    const created = (await call('POST', '/request', f.client.key, { ...base(), fileIdxs: [a] })).json().data;
    for (const who of [f.solo, f.outsider]) {
      const res = await call('GET', `/request/${created.requestIdx}`, who.key);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('private.txt');
      const box = await call('GET', `/request?projectIdx=${f.projectA}&box=received`, who.key);
      expect(box.body).not.toContain('private.txt');
    }
  });

  it('an attached file downloads for those who may see the request, and is not found for other members', async () => {
    const a = await upload(f.client, f.projectA, 'brief.txt', 'for dev only');
    await call('POST', '/request', f.client.key, { ...base(), fileIdxs: [a] });
    const download = (who: Person) => call('GET', `/file?fileIdx=${a}`, who.key);
    for (const who of [f.client, f.dev, f.lead, f.admin]) {
      const res = await download(who);
      expect(res.statusCode, who.email).toBe(200);
      expect(res.body).toBe('for dev only');
    }
    for (const who of [f.solo, f.outsider]) expect((await download(who)).statusCode, who.email).toBe(404);
    // A project file attached to nothing stays the whole project's.
    const open = await upload(f.client, f.projectA, 'open.txt', 'for all');
    expect((await call('GET', `/file?fileIdx=${open}`, f.solo.key)).statusCode).toBe(200);
  });

  // Back-dates files in the folder; on a bucket file-storage.test.ts checks the sweep (LastModified).
  it.skipIf(onS3)(
    'the upload sweep keeps attached files, however old, and still deletes cut-off uploads',
    async () => {
      const a = await upload(f.client, f.projectA, 'old.txt', 'kept');
      await call('POST', '/request', f.client.key, { ...base(), fileIdxs: [a] });
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      await writeFile(join(t.config.filesDir, `${TEMP_PREFIX}cut-off`), 'half');
      for (const name of await readdir(t.config.filesDir))
        await utimes(join(t.config.filesDir, name), twoDaysAgo, twoDaysAgo);
      await t.app.ctx.jobs.send(UPLOAD_SWEEP_JOB, {});
      await t.app.ctx.jobs.idle(UPLOAD_SWEEP_JOB);
      expect(await readdir(t.config.filesDir)).not.toContain(`${TEMP_PREFIX}cut-off`);
      const download = await call('GET', `/file?fileIdx=${a}`, f.dev.key);
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('kept');
    },
  );
});
