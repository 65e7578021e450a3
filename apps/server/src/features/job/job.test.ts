import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, type JobContext } from '../../platform/jobs/job.types.js';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { waitFor } from '../../test/realtime-client.js';
import { createTestApp, createTestDatabase, durableDatabase, type TestApp } from '../../test/test-app.js';
import { DELAY_JOB } from '../story/story-delay.job.js';

interface Data {
  projectIdx?: number;
  tag?: string;
}

/** Every attempt of the test jobs, across all apps of this file. */
const runs: { job: string; id: string; tag?: string; retryCount: number; at: number; app: string }[] = [];

/** Test jobs an app registers beside the modules' own; `app` tells which instance ran an attempt. */
function testJobs(app: string) {
  const record = (job: string, { id, data, retryCount }: JobContext<Data>) =>
    runs.push({ job, id, tag: data.tag, retryCount, at: Date.now(), app });
  return [
    defineJob<Data>({
      name: 'test.once',
      async handler(job) {
        record('test.once', job);
        return { ran: job.data.tag };
      },
    }),
    defineJob<Data>({
      name: 'test.exclusive',
      options: { policy: 'exclusive' },
      async handler(job) {
        record('test.exclusive', job);
        if (job.data.tag === 'exclusive') await exclusiveHeld;
      },
    }),
    defineJob<Data>({
      name: 'test.failing',
      options: { retryLimit: 1, retryDelay: 1, retryBackoff: true },
      async handler(job) {
        record('test.failing', job);
        throw new Error(`SMTP 421 try later (attempt ${job.retryCount + 1})`);
      },
    }),
  ];
}

const ranOf = (tag: string) => runs.filter((r) => r.tag === tag);

/** Holds the exclusive test job while it runs, so the test sees it queued or running, never done. */
let releaseExclusive: () => void = () => {};
const exclusiveHeld = new Promise<void>((resolve) => {
  releaseExclusive = resolve;
});

// Each test opens its own databases (a PGlite folder on disk is slow to open on a busy machine).
describe('durable jobs', () => {
  it('a job queued before a restart runs after it, exactly once', async () => {
    const store = await durableDatabase();
    let database = await store.open();
    const before = await createTestApp({ database, overrides: { jobs: testJobs('before') } });
    // Due in a moment: the first process is gone by then (had it run it, the count below still holds).
    await before.app.ctx.jobs.send(
      'test.once',
      { tag: 'restart' },
      { startAfter: new Date(Date.now() + 1_000) },
    );
    await before.close();
    await database.close();

    database = await store.open();
    const after = await createTestApp({ database, overrides: { jobs: testJobs('after') } });
    try {
      await waitFor(() => ranOf('restart').length > 0, 15_000);
      await after.app.ctx.jobs.idle('test.once');
      expect(ranOf('restart')).toHaveLength(1);
      const result = await after.app.ctx.database.db.execute(
        sql`select state::text as state, retry_count from pgboss.job where data->>'tag' = 'restart'`,
      );
      expect((result as { rows: unknown[] }).rows).toEqual([{ state: 'completed', retry_count: 0 }]);
    } finally {
      await after.close();
      await database.close();
      await store.drop();
    }
  }, 120_000);

  it('two instances on one database run each job once', async () => {
    const { database, drop } = await createTestDatabase();
    const a = await createTestApp({ database, overrides: { jobs: testJobs('a') } });
    const b = await createTestApp({ database, overrides: { jobs: testJobs('b') } });
    try {
      const tags = Array.from({ length: 20 }, (_, i) => `pair-${i}`);
      // Half queued through each instance; both poll the same queue.
      await Promise.all(tags.map((tag, i) => (i % 2 ? a : b).app.ctx.jobs.send('test.once', { tag })));
      await waitFor(() => tags.every((tag) => ranOf(tag).length > 0), 15_000);
      await a.app.ctx.jobs.idle('test.once');
      await b.app.ctx.jobs.idle('test.once');
      for (const tag of tags) expect(ranOf(tag)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  }, 120_000);
});

describe('the job API', () => {
  let t: TestApp;
  let f: PlanningFixture;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp({ overrides: { jobs: testJobs('api') } });
    f = await planningFixture(t, 'job');
    call = api(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('retries a failing job with backoff and shows its last error to the project admin', async () => {
    await t.app.ctx.jobs.send('test.failing', { projectIdx: f.projectA, tag: 'failing' });
    await waitFor(() => ranOf('failing').length === 2, 15_000);
    const [first, second] = ranOf('failing');
    expect(second!.retryCount).toBe(1);
    // retryDelay 1 s with backoff: the retry never comes sooner.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);

    // The second failure settles the job as failed; the API shows it once pg-boss has recorded it.
    let job: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && job?.state !== 'failed'; i++) {
      const res = await call('GET', `/job?projectIdx=${f.projectA}`, f.admin.key);
      expect(res.statusCode).toBe(200);
      job = (res.json().data as Record<string, unknown>[]).find((j) => j.name === 'test.failing');
      if (job?.state !== 'failed') await new Promise((r) => setTimeout(r, 50));
    }
    expect(job).toMatchObject({
      state: 'failed',
      retryCount: 1,
      retryLimit: 1,
      lastError: 'SMTP 421 try later (attempt 2)',
    });
    expect(job!.startedAt).toEqual(expect.any(String));
    expect(ranOf('failing')).toHaveLength(2);
  });

  it("lists only the project's jobs, newest first, with their output", async () => {
    await t.app.ctx.jobs.send('test.once', { projectIdx: f.projectA, tag: 'listed' });
    await t.app.ctx.jobs.send('test.once', { projectIdx: f.projectB, tag: 'other project' });
    await t.app.ctx.jobs.idle('test.once');
    const list = (await call('GET', `/job?projectIdx=${f.projectA}`, f.admin.key)).json().data as {
      name: string;
      state: string;
      output: unknown;
      createdAt: string;
    }[];
    // Another job of the project may be newer (on a loaded machine a mail.send that an earlier event
    // queued came after it); of its kind, ours is the newest.
    const once = list.filter((j) => j.name === 'test.once');
    expect(once[0]).toMatchObject({ state: 'completed', output: { ran: 'listed' } });
    expect(list.map((j) => j.output)).not.toContainEqual({ ran: 'other project' });
    const times = list.map((j) => j.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('an exclusive queue takes one job per key while it is queued or running', async () => {
    const send = () => t.app.ctx.jobs.send('test.exclusive', { tag: 'exclusive' }, { singletonKey: 'k' });
    expect(await send()).toEqual(expect.any(String));
    expect(await send()).toBeNull(); // queued (or already running: held until released)
    await waitFor(() => ranOf('exclusive').length === 1, 10_000);
    expect(await send()).toBeNull(); // running
    releaseExclusive();
    await t.app.ctx.jobs.idle('test.exclusive');
    expect(ranOf('exclusive')).toHaveLength(1);
    expect(await send()).toEqual(expect.any(String)); // done: the key is free again
    await t.app.ctx.jobs.idle('test.exclusive');
    expect(ranOf('exclusive')).toHaveLength(2);
  });

  it('refuses members without admin authority and strangers', async () => {
    for (const who of [f.lead, f.dev, f.client]) {
      const res = await call('GET', `/job?projectIdx=${f.projectA}`, who.key);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ADMIN_ONLY');
    }
    const stranger = await call('GET', `/job?projectIdx=${f.projectA}`, f.outsider.key);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    expect((await call('GET', `/job?projectIdx=${f.projectA}`)).statusCode).toBe(401);
  });

  it('the delay job, sent as a job, marks an overdue story delayed', async () => {
    const created = await call('POST', '/story', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Late',
      startDt: '20200101',
      endDt: '20200102',
    });
    expect(created.statusCode).toBe(201);
    const storyIdx = created.json().data.storyIdx;
    await t.app.ctx.jobs.send(DELAY_JOB, {});
    await t.app.ctx.jobs.idle(DELAY_JOB);
    expect((await call('GET', `/story/${storyIdx}`, f.admin.key)).json().data.status).toBe('delayed');
  });

  it('the invitation mail is a job the project admin sees', async () => {
    const res = await call('POST', '/member-in-project/invite', f.admin.key, {
      projectIdx: f.projectA,
      email: 'invited-by-job@example.com',
      role: 'depth2',
    });
    expect(res.statusCode).toBe(201);
    await t.app.ctx.jobs.idle('mail.send');
    const list = (await call('GET', `/job?projectIdx=${f.projectA}`, f.admin.key)).json().data;
    expect(list[0]).toMatchObject({ name: 'mail.send', state: 'completed', retryCount: 0, lastError: null });
  });
});
