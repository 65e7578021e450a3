import type { DomainEvent } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPubSub, type ProjectEvent } from '../../infra/pubsub.js';
import { createLinkRepository } from '../../features/link/link.repository.js';
import { api, planningFixture } from '../../test/planning-fixture.js';
import { createTestApp, durableDatabase, type TestApp } from '../../test/test-app.js';
import { waitFor } from '../../test/realtime-client.js';
import { createEventDispatcher, type EventConsumer } from './event-dispatcher.js';
import { createEventRecorder, createOutboxRepository } from './outbox.repository.js';
import { unitOfWork } from './unit-of-work.js';

const quiet = { warn: () => undefined, error: () => undefined } as never;

describe('domain events through the outbox', () => {
  it('an event committed by a process that died before dispatching it arrives after the restart, once', async () => {
    const store = await durableDatabase();
    let database = await store.open();
    // The first process commits and never dispatches: the state right after a crash past the commit.
    const crashed = await createTestApp({ database, overrides: { dispatchEvents: false } });
    const f = await planningFixture(crashed, 'crash');
    const created = await api(crashed)('POST', '/story', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Kept',
    });
    expect(created.statusCode).toBe(201);
    const storyIdx = created.json().data.storyIdx;
    const outbox = createOutboxRepository(database.db);
    expect((await outbox.pending(f.projectA)).map((e) => e.name)).toContain('story.created');
    await crashed.close();
    await database.close();

    database = await store.open();
    const pubsub = createLocalPubSub();
    const heard: ProjectEvent[] = [];
    pubsub.subscribe((event) => heard.push(event));
    const restarted = await createTestApp({ database, overrides: { pubsub } });
    try {
      await waitFor(() => heard.some((e) => e.type === 'story.created'));
      await restarted.app.ctx.events.idle();
      const stories = heard.filter((e) => e.type === 'story.created');
      expect(stories).toHaveLength(1);
      expect(stories[0]).toMatchObject({ projectIdx: f.projectA, payload: { storyIdx, title: 'Kept' } });
      expect(await createOutboxRepository(database.db).pending()).toEqual([]);
    } finally {
      await restarted.close();
      await database.close();
      await store.drop();
    }
  }, 120_000); // opens an on-disk database three times: slow on a loaded machine, not a hang

  describe('dispatching', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ overrides: { dispatchEvents: false } });
    });
    afterAll(async () => {
      await t?.close();
    });
    const record = async (count: number, projectIdx: number) => {
      const recorder = createEventRecorder(t.database.db);
      for (let i = 0; i < count; i++) await recorder.record('epic.deleted', projectIdx, { epicIdx: i + 1 });
    };

    it('a failing consumer gets the event again; the others do not', async () => {
      await record(1, 9001);
      const steady: number[] = [];
      const flaky: number[] = [];
      const consumers: EventConsumer[] = [
        { name: 'steady', events: 'all', handle: async (e) => void steady.push(e.eventIdx) },
        {
          name: 'flaky',
          events: ['epic.deleted'],
          handle: async (e) => {
            flaky.push(e.eventIdx);
            if (flaky.length === 1) throw new Error('receiver down');
          },
        },
      ];
      const outbox = createOutboxRepository(t.database.db);
      const dispatcher = createEventDispatcher({
        outbox,
        consumers: () => consumers,
        log: quiet,
        sweepMs: 50,
        retryDelaysMs: [100],
      });
      dispatcher.start();
      try {
        await waitFor(() => flaky.length === 1);
        await dispatcher.idle();
        const [waiting] = await outbox.pending(9001);
        expect(waiting).toMatchObject({ attempts: 1, lastError: 'receiver down' });
        await waitFor(() => flaky.length === 2);
        await dispatcher.idle();
        expect(await outbox.pending(9001)).toEqual([]);
        expect(steady).toHaveLength(1);
        expect(flaky).toEqual([steady[0], steady[0]]);
      } finally {
        await dispatcher.stop();
      }
    });

    it('two dispatchers on one database deliver each event exactly once', async () => {
      await record(120, 9002);
      const seen: number[] = [];
      const consumer: EventConsumer = {
        name: 'count',
        events: 'all',
        handle: async (e: DomainEvent) => {
          if (e.projectIdx === 9002) seen.push(e.eventIdx);
        },
      };
      const make = () =>
        createEventDispatcher({
          outbox: createOutboxRepository(t.database.db),
          consumers: () => [consumer],
          log: quiet,
          sweepMs: 60_000,
        });
      const one = make();
      const two = make();
      one.kick();
      two.kick();
      one.kick();
      await Promise.all([one.idle(), two.idle()]);
      await Promise.all([one.stop(), two.stop()]);
      expect(seen).toHaveLength(120);
      expect(new Set(seen).size).toBe(120);
    });

    it('refuses a payload outside the catalogue and rolls the change back with it', async () => {
      const f = await planningFixture(t, 'refuse');
      const transaction = unitOfWork(t.database.db, t.app.ctx, createLinkRepository);
      await expect(
        transaction(async (r) => {
          await r.insert({
            projectIdx: f.projectA,
            url: 'https://kept.example',
            createdByIdx: f.admin.memberIdx,
          });
          await r.events.record('link.deleted', f.projectA, { linkIdx: 'one' } as never);
        }),
      ).rejects.toThrow(/link.deleted v1/);
      expect(await createLinkRepository(t.database.db).listOfProject(f.projectA)).toEqual([]);
    });
  });

  describe('order of effects', () => {
    let t: TestApp;
    const heard: ProjectEvent[] = [];
    beforeAll(async () => {
      const pubsub = createLocalPubSub();
      t = await createTestApp({ overrides: { pubsub } });
      pubsub.subscribe((event) => heard.push(event));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('project.deleted goes out after the project is deleted', async () => {
      const f = await planningFixture(t, 'order');
      let stillListed: boolean | null = null;
      t.app.ctx.pubsub.subscribe((event) => {
        if (event.type !== 'project.deleted') return;
        void t.app.services.projectRepo.findById(event.projectIdx).then((p) => (stillListed = p !== null));
      });
      const res = await api(t)('DELETE', `/project/${f.projectA}`, f.admin.key, { confirmName: 'A' });
      expect(res.statusCode).toBe(200);
      await waitFor(() => stillListed !== null);
      expect(stillListed).toBe(false);
    });

    it('an epic edit reaches the dashboard at once (it moves the planning version)', async () => {
      const f = await planningFixture(t, 'epicdash');
      const call = api(t);
      const epic = (
        await call('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: 'Before' })
      ).json().data;
      const dashboard = async () =>
        (await call('GET', `/dashboard?projectIdx=${f.projectA}`, f.admin.key)).json().data.epics as {
          label: string;
        }[];
      expect((await dashboard()).map((e) => e.label)).toEqual(['Before']);
      await call('PATCH', `/epic/${epic.epicIdx}`, f.admin.key, { label: 'After' });
      expect((await dashboard()).map((e) => e.label)).toEqual(['After']);
      await waitFor(() => heard.some((e) => e.type === 'epic.updated'));
    });
  });
});
