import type { WebhookDelivery } from '@teamline/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db.js';
import { api } from '../../test/planning-fixture.js';
import { createProject, createTestApp, durableDatabase, signUp, type TestApp } from '../../test/test-app.js';
import { startReceiver, until, type ChatReceiver } from '../../test/webhook-receivers.js';

/**
 * Receiver down for a while, then the server restarted, then the receiver back: every delivery
 * arrives at least once, in order per hook, and the log shows the attempts. The schedule is a
 * second per step here (config), so it runs in seconds.
 */
const config: Partial<AppConfig> = {
  outboundAllowPrivate: true,
  webhook: {
    retrySeconds: [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    minIntervalMs: 20,
    leaseMs: 3_000,
    concurrency: 4,
    timeoutMs: 1_000,
  },
};

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

describe('deliveries survive a receiver outage and a server restart', () => {
  it('every message arrives, in order per hook, with the attempts logged', async () => {
    const store = await durableDatabase();
    cleanup.push(() => store.drop());
    let database: Database = await store.open();
    let t: TestApp = await createTestApp({ database, config });
    const discord = await startReceiver('discord');
    const slack = await startReceiver('slack');
    cleanup.push(
      () => discord.close(),
      () => slack.close(),
    );

    const admin = await signUp(t, 'durable-admin@example.com');
    const projectIdx = await createProject(t, admin.key, 'Durable');
    let call = api(t);
    const hooks: { receiver: ChatReceiver; webhookIdx: number }[] = [];
    for (const receiver of [discord, slack]) {
      const res = await call('POST', '/webhook', admin.key, {
        projectIdx,
        type: receiver.type,
        url: receiver.url,
        categories: ['story'],
        events: ['new', 'edit'],
      });
      hooks.push({ receiver, webhookIdx: res.json().data.webhookIdx });
    }
    const log = async (webhookIdx: number): Promise<WebhookDelivery[]> =>
      (await call('GET', `/webhook/${webhookIdx}/delivery`, admin.key)).json().data.deliveries;

    // The tools go down; five stories are created and the first attempts fail.
    await discord.down();
    await slack.down();
    const titles = ['one', 'two', 'three', 'four', 'five'];
    for (const title of titles)
      await call('POST', '/story', admin.key, { projectIdx, title: `Story ${title}` });
    await until(
      async () => {
        const rows = await log(hooks[0]!.webhookIdx);
        return rows.length === 5 && rows.at(-1)!.attempts >= 2;
      },
      20_000,
      'five deliveries, the first tried twice',
    );
    const duringOutage = await log(hooks[0]!.webhookIdx);
    expect(duringOutage).toHaveLength(5);
    expect(duringOutage.every((d) => d.status === 'pending')).toBe(true);
    expect(duringOutage.at(-1)!.responseExcerpt).toMatch(/ECONNREFUSED|connect/i);
    // Order: the later deliveries wait for the first one, not one attempt made on them yet.
    expect(duringOutage.slice(0, 4).every((d) => d.attempts === 0)).toBe(true);

    // The server stops (its queue and log are in the database) and starts again.
    await t.close();
    await database.close();
    database = await store.open();
    t = await createTestApp({ database, config });
    cleanup.push(async () => {
      await t.close();
      await database.close();
    });
    call = api(t);

    await discord.up();
    await slack.up();
    for (const { receiver } of hooks)
      await until(
        () => new Set(receiver.received.map((r) => JSON.stringify(r.body))).size >= 5,
        20_000,
        `${receiver.type} catches up`,
      );
    for (const { receiver, webhookIdx } of hooks) {
      const text = receiver.received.map((r) => JSON.stringify(r.body));
      const order = text.map((body) => titles.findIndex((title) => body.includes(`Story ${title}`)));
      // At least once, in order: repeats may only follow their own first arrival.
      expect(
        order.filter((i, n) => i !== order[n - 1]),
        receiver.type,
      ).toEqual([0, 1, 2, 3, 4]);
      // The receiver has the last message before the sender records its answer: wait for the log.
      await until(
        async () => (await log(webhookIdx)).every((d) => d.status === 'delivered'),
        10_000,
        `${receiver.type} log shows every delivery delivered`,
      );
      const rows = await log(webhookIdx);
      expect(rows).toHaveLength(5);
      expect(rows.at(-1)!.attempts, 'the first one was tried during the outage').toBeGreaterThanOrEqual(2);
      expect(rows.at(-1)!.statusCode).toBe(receiver.type === 'discord' ? 204 : 200);
      expect(receiver.requests.filter((q) => q.problems.length > 0)).toEqual([]);
    }
  }, 120_000); // a server restart and a receiver outage: seconds alone, more beside another test file
});
