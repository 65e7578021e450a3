import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createLocalStorage } from '../../infra/storage.js';
import { api, planningFixture, type Person, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit, type SettlementKit } from '../../test/settlement-fixture.js';
import { createTestApp, latestMail, storedKeys, type TestApp } from '../../test/test-app.js';
import { pngOf, uploaded, uploadTo } from '../../test/upload.js';
import { createMemberExportRepository } from './member-export.repository.js';
import { MY_DATA_SWEEP_JOB } from './my-data-sweep.job.js';
import { writeArchive } from './my-data.archive.js';
import { MY_DATA_EXPORT_JOB } from './my-data.service.js';

/** "My data" (issue 30): the archive job, its contents, its progress, and who may download it. */
let t: TestApp;
let f: PlanningFixture;
let k: SettlementKit;
let call: ReturnType<typeof api>;
let pro: Person;
let avatar: Buffer;
let avatarIdx: number;
let notesIdx: number;
let feedUrl: string;
let tokenSecret: string;

/** The entries of a zip, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
          stream.on('error', reject);
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}
const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8'));

const status = async (who: Person) => (await call('GET', '/member/export', who.key)).json().data.export;
const exportNow = async (who: Person) => {
  const res = await call('POST', '/member/export', who.key);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.ctx.jobs.idle(MY_DATA_EXPORT_JOB);
  return status(who);
};
const download = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'md');
  k = settlementKit(t, f, 'md');
  call = api(t);
  pro = await k.professional();
  const career = [
    { startDt: '201901', endDt: '202112', company: 'Acme', level: 'Senior', description: 'Built things' },
  ];
  expect((await call('PATCH', '/member', pro.key, { career, job: 'Developer' })).statusCode).toBe(200);
  avatar = pngOf(1500);
  avatarIdx = await uploaded(t, pro.key, avatar, 'avatar.png');
  expect((await call('PATCH', '/member', pro.key, { profileFileIdx: avatarIdx })).statusCode).toBe(200);
  notesIdx = await uploaded(t, pro.key, 'my project notes', 'notes.txt', f.projectA);
  const contractIdx = await k.contractFor(pro, { startDt: '20250101', endDt: '20251231' });
  await k.logTime(pro, '20250115', 240);
  await k.settlementOf(contractIdx, '202501');
  // A review they received (with an image by its author) and one they wrote.
  const image = await uploadTo(t, f.admin.key, `/file/${pro.memberIdx}/media`, pngOf(400), 'r.png');
  expect(
    (
      await call('POST', '/review-member', f.admin.key, {
        memberIdx: pro.memberIdx,
        projectIdx: f.projectA,
        rating: 4.5,
        content: 'Great work',
        medias: [image.json().data.fileIdx],
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await call('POST', '/review-member', pro.key, {
        memberIdx: f.dev.memberIdx,
        projectIdx: f.projectA,
        rating: 3,
        content: 'Helpful',
      })
    ).statusCode,
  ).toBe(201);
  const request = await call('POST', '/request', pro.key, {
    projectIdx: f.projectA,
    receiverIdx: f.solo.mip,
    title: 'Please review',
    dueDt: '20300101',
  });
  expect(request.statusCode, request.body).toBe(201);
  const token = await call('POST', '/member/token', pro.key, {
    name: 'Export script',
    scopes: ['time:read'],
    days: 30,
  });
  expect(token.statusCode, token.body).toBe(201);
  tokenSecret = token.json().data.secret;
  const feed = await call('POST', '/member/calendar', pro.key, { projectIdx: f.projectA });
  expect(feed.statusCode, feed.body).toBe(201);
  feedUrl = feed.json().data.url;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /member/export and the archive', () => {
  it('builds a zip of JSON files and the member’s files, ready with a mail; one at a time', async () => {
    // Two asks at once: one archive, the other refused while it is being made.
    const [a, b] = await Promise.all([
      call('POST', '/member/export', pro.key),
      call('POST', '/member/export', pro.key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.code).toBe('MEMBER_EXPORT_RUNNING');
    const started = (a.statusCode === 202 ? a : b).json().data.export;
    expect(started).toMatchObject({ state: 'queued', progress: 0, downloadUrl: null });

    await t.app.ctx.jobs.idle(MY_DATA_EXPORT_JOB);
    const ready = await status(pro);
    expect(ready).toMatchObject({ exportIdx: started.exportIdx, state: 'ready', progress: 100 });
    expect(ready.downloadUrl).toMatch(/^\/api\/member\/export\/download\?/);
    expect(new Date(ready.expiresAt).getTime() - new Date(ready.readyAt).getTime()).toBe(7 * 86_400_000);

    const res = await download(ready.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="teamline-my-data-/);
    expect(res.rawPayload.length).toBe(ready.size);
    const entries = await unzip(res.rawPayload);

    const profile = json(entries, 'profile.json');
    expect(profile).toMatchObject({ memberIdx: pro.memberIdx, email: pro.email, job: 'Developer' });
    expect(profile).not.toHaveProperty('passwordHash');
    expect(json(entries, 'careers.json')).toEqual([
      expect.objectContaining({ company: 'Acme', level: 'Senior' }),
    ]);
    expect(json(entries, 'projects.json')).toEqual([
      expect.objectContaining({ projectIdx: f.projectA, projectName: 'A', role: 'depth2' }),
    ]);
    expect(json(entries, 'time-entries.json')).toEqual([
      expect.objectContaining({ workDt: '20250115', minutes: 240 }),
    ]);
    expect(json(entries, 'contracts.json')).toEqual([expect.objectContaining({ dailyRate: 480_000 })]);
    expect(json(entries, 'settlements.json')).toEqual([expect.objectContaining({ month: '202501' })]);
    expect(json(entries, 'reviews-received.json')).toEqual([
      expect.objectContaining({ rating: 4.5, content: 'Great work', reviewerIdx: f.admin.memberIdx }),
    ]);
    expect(json(entries, 'reviews-written.json')).toEqual([
      expect.objectContaining({ rating: 3, content: 'Helpful', memberIdx: f.dev.memberIdx }),
    ]);
    // The contract came as a request to them; they sent the other.
    expect(json(entries, 'requests.json')).toEqual([
      expect.objectContaining({ kind: 'contract', receiverIdx: pro.mip }),
      expect.objectContaining({ kind: 'general', title: 'Please review', senderIdx: pro.mip }),
    ]);
    expect(entries.has('notification-settings.json')).toBe(true);
    // Their access tokens by name and scopes; never the secret or its hash.
    expect(json(entries, 'access-tokens.json')).toEqual([
      expect.objectContaining({ name: 'Export script', scopes: ['time:read'], revokedAt: null }),
    ]);
    expect(entries.get('access-tokens.json')!.toString()).not.toContain(tokenSecret.slice(11));
    // Their calendar feeds, without the address's secret.
    expect(json(entries, 'calendar-feeds.json')).toEqual([
      expect.objectContaining({ projectIdx: f.projectA, revokedAt: null }),
    ]);
    expect(entries.get('calendar-feeds.json')!.toString()).not.toContain(
      feedUrl.split('/').pop()!.slice(0, 20),
    );

    // Their files, byte for byte, listed in files.json.
    const listed = json(entries, 'files.json') as { fileIdx: number; path: string; size: number }[];
    expect(listed.map((x) => x.fileIdx)).toEqual([avatarIdx, notesIdx]);
    expect(entries.get(listed[0]!.path)!.equals(avatar)).toBe(true);
    expect(entries.get(listed[1]!.path)!.toString()).toBe('my project notes');
    expect(listed[0]!.path).toBe(`files/${avatarIdx}-avatar.png`);

    const mail = await latestMail(t.config, pro.email);
    expect(mail?.subject).toBe('Your Teamline data is ready to download');
    expect(mail?.text).toContain('http://teamline.test/#/profile');
  });

  it('only its owner gets the address; a changed, foreign or expired address is refused', async () => {
    const mine = await status(pro);
    expect(mine.state).toBe('ready');
    // Another member sees only their own (none), and cannot ask for this one.
    expect(await status(f.solo)).toBeNull();
    const url = new URL(mine.downloadUrl, 'http://x');
    const other = new URLSearchParams(url.search);
    other.set('exportIdx', String(mine.exportIdx + 1));
    const forged = await download(`${url.pathname}?${other.toString()}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('MEMBER_EXPORT_LINK_INVALID');
    const altered = new URLSearchParams(url.search);
    altered.set('expires', String(Number(altered.get('expires')) + 3600));
    expect((await download(`${url.pathname}?${altered.toString()}`)).statusCode).toBe(403);

    t.clock.advanceMinutes(11);
    try {
      expect((await download(mine.downloadUrl)).json().error.code).toBe('MEMBER_EXPORT_LINK_INVALID');
    } finally {
      t.clock.reset();
    }
    expect((await call('GET', '/member/export')).statusCode).toBe(401);
    expect((await call('POST', '/member/export')).statusCode).toBe(401);
  });

  it('after 7 days it expires: no address, and the hourly sweep deletes its bytes', async () => {
    const mine = await status(pro);
    const key = async () =>
      (
        (await t.database.db.execute(
          sql`select storage_key from member_export where export_idx = ${mine.exportIdx}`,
        )) as { rows: { storage_key: string | null }[] }
      ).rows[0]!.storage_key;
    const storageKey = (await key())!;
    expect(await storedKeys(t)).toContain(storageKey);
    t.clock.advanceMinutes(7 * 24 * 60 + 1);
    try {
      await t.app.ctx.jobs.send(MY_DATA_SWEEP_JOB, {});
      await t.app.ctx.jobs.idle(MY_DATA_SWEEP_JOB);
    } finally {
      t.clock.reset();
    }
    expect(await storedKeys(t)).not.toContain(storageKey);
    expect(await key()).toBeNull();
    expect(await status(pro)).toMatchObject({ state: 'expired', downloadUrl: null });
    // A new one may be asked for.
    expect((await exportNow(pro)).state).toBe('ready');
  });

  it('an archive queued without its job (a crash after the insert) is queued again by the sweep', async () => {
    const repo = createMemberExportRepository(t.database.db);
    const row = (await repo.insertQueued(f.lead.memberIdx, new Date(Date.now() - 20 * 60 * 1000)))!;
    await t.app.ctx.jobs.send(MY_DATA_SWEEP_JOB, {});
    await t.app.ctx.jobs.idle(MY_DATA_SWEEP_JOB);
    await t.app.ctx.jobs.idle(MY_DATA_EXPORT_JOB);
    expect((await repo.findById(row.exportIdx))?.state).toBe('ready');
  });
});

describe('the archive writer', () => {
  it('streams the parts into storage with a progress that only goes up', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'archive-'));
    try {
      const storage = createLocalStorage(dir);
      await storage.put('a', Buffer.from('first file'));
      await storage.put('b', pngOf(5000));
      const progress: number[] = [];
      const file = (fileIdx: number, storageKey: string, originalName: string) => ({
        fileIdx,
        projectIdx: null,
        originalName,
        mime: 'text/plain',
        size: 1,
        storageKey,
        createdAt: new Date(),
      });
      const { storageKey, size } = await writeArchive(
        storage,
        [
          { name: 'profile', rows: { nickname: '민지' } },
          { name: 'careers', rows: [] },
        ],
        [file(1, 'a', 'a.txt'), file(2, 'b', '../../etc/passwd'), file(3, 'missing', 'gone.txt')],
        (percent) => progress.push(percent),
      );
      expect(progress.length).toBeGreaterThanOrEqual(5);
      expect(progress).toEqual([...progress].sort((x, y) => x - y));
      expect(progress.at(-1)).toBe(99);
      const entries = await unzip((await storage.get(storageKey))!);
      expect(entries.size).toBe(6);
      expect(json(entries, 'profile.json')).toEqual({ nickname: '민지' });
      expect(entries.get('files/1-a.txt')!.toString()).toBe('first file');
      // No path leaves the archive's folder; bytes gone meanwhile give an empty entry.
      expect([...entries.keys()]).toContain('files/2-.._.._etc_passwd');
      expect(entries.get('files/3-gone.txt')!.length).toBe(0);
      expect(size).toBe((await storage.get(storageKey))!.length);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
