import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreatedWebhook, Webhook, WebhookDelivery } from '@teamline/contract';
import { eq } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhooks } from '../../db/schema/index.js';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, PASSWORD, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/webhook-receivers.js';
import { createEventRecorder } from '../../platform/events/outbox.repository.js';

/**
 * Standard Webhooks (issue 34) against a real HTTP receiver on 127.0.0.1, every signature checked
 * with the `standardwebhooks` package (the reference library receivers use).
 */
interface Arrival {
  headers: IncomingHttpHeaders;
  body: string;
}
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let server: Server;
let url: string;
const arrivals: Arrival[] = [];
/** What the receiver answers next: a queue of statuses, then 200. */
const answers: number[] = [];

beforeAll(async () => {
  t = await createTestApp({
    config: {
      outboundAllowPrivate: true,
      webhook: {
        retrySeconds: [0, 1, 1, 1],
        minIntervalMs: 20,
        leaseMs: 5_000,
        concurrency: 2,
        timeoutMs: 1_500,
      },
    },
  });
  f = await planningFixture(t, 'std');
  call = api(t);
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrivals.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/teamline`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const headersOf = (a: Arrival) => ({
  'webhook-id': String(a.headers['webhook-id']),
  'webhook-timestamp': String(a.headers['webhook-timestamp']),
  'webhook-signature': String(a.headers['webhook-signature']),
});
/**
 * Whether `secret` verifies an arrival with the reference library. The library also refuses a
 * timestamp five minutes away from its own clock; the server's clock is moved in these tests, so the
 * library's clock is set to the message's own time (the timestamp is checked against the server's).
 */
function verifies(secret: string, a: Arrival): boolean {
  const at = Number(a.headers['webhook-timestamp']) * 1000;
  const spy = vi.spyOn(Date, 'now').mockReturnValue(at);
  try {
    new StandardWebhook(secret).verify(a.body, headersOf(a));
    return true;
  } catch {
    return false;
  } finally {
    spy.mockRestore();
  }
}
const log = async (key: string, webhookIdx: number): Promise<WebhookDelivery[]> =>
  (await call('GET', `/webhook/${webhookIdx}/delivery`, key)).json().data.deliveries;
const settle = async () => {
  await t.app.ctx.events.idle();
  await t.app.ctx.jobs.idle('webhook.deliver', 20_000);
};

async function addStandard(eventNames: string[]): Promise<CreatedWebhook> {
  const res = await call('POST', '/webhook', f.admin.key, {
    projectIdx: f.projectA,
    type: 'standard',
    url,
    eventNames,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('Standard Webhooks: budget alerts (issue 34)', () => {
  it('a budget.threshold_reached event arrives signed, with its amounts, to a hook that chose it', async () => {
    const budgetHook = await addStandard(['budget.threshold_reached']);
    expect(budgetHook.eventNames).toEqual(['budget.threshold_reached']);
    arrivals.length = 0;
    const payload = {
      budgetIdx: 1,
      projectIdx: f.projectA,
      milestoneIdx: null,
      threshold: 80 as const,
      period: 'total',
      spent: 816_000,
      amount: 1_000_000,
      currency: 'KRW' as const,
      settlementIdx: null,
    };
    // Recorded as the budget alert records it (features/spending), in a transaction of its own.
    await createEventRecorder(t.database.db).record('budget.threshold_reached', f.projectA, payload);
    t.app.ctx.events.kick();
    await settle();
    await until(() => arrivals.length >= 1, 10_000, 'the budget alert reaches the receiver');
    const arrival = arrivals.find((a) => a.body.includes('budget.threshold_reached'))!;
    expect(verifies(budgetHook.secret!, arrival)).toBe(true);
    expect(JSON.parse(arrival.body)).toMatchObject({ type: 'budget.threshold_reached', data: payload });
  });
});

describe('Standard Webhooks', () => {
  let hook: CreatedWebhook;

  it('create answers the secret once; the list and edits never show it, and it is stored sealed', async () => {
    hook = await addStandard(['story.updated', 'story.created', 'story.created']);
    expect(hook).toMatchObject({
      type: 'standard',
      categories: [],
      events: [],
      // Once each, in the catalogue's order.
      eventNames: ['story.created', 'story.updated'],
      previousSecretUntil: null,
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(hook.secret!.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);

    const list = (await call('GET', `/webhook?projectIdx=${f.projectA}`, f.admin.key)).json()
      .data as Webhook[];
    const listed = list.find((h) => h.webhookIdx === hook.webhookIdx)!;
    expect(listed).toBeDefined();
    expect(JSON.stringify(list)).not.toContain(hook.secret!.slice(6));
    expect(listed).not.toHaveProperty('secret');
    const edited = await call('PATCH', `/webhook/${hook.webhookIdx}`, f.admin.key, { name: 'CI' });
    expect(edited.statusCode).toBe(200);
    expect(edited.body).not.toContain(hook.secret!.slice(6));
    expect(edited.json().data).not.toHaveProperty('secret');

    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.webhookIdx, hook.webhookIdx));
    expect(row!.secretCipher).toMatch(/^v1\./);
    expect(row!.secretCipher).not.toContain(hook.secret!.slice(6));

    // A chat tool's hook has no secret, and the two kinds do not turn into each other.
    const chat = await call('POST', '/webhook', f.admin.key, {
      projectIdx: f.projectA,
      type: 'slack',
      url: 'https://hooks.slack.com/services/T0/B0/X',
      categories: ['story'],
      events: ['new'],
    });
    expect(chat.json().data).toMatchObject({ secret: null, eventNames: [] });
    const rotateChat = await call('POST', `/webhook/${chat.json().data.webhookIdx}/secret`, f.admin.key);
    expect(rotateChat.json().error.code).toBe('WEBHOOK_NOT_STANDARD');
    const switched = await call('PATCH', `/webhook/${hook.webhookIdx}`, f.admin.key, { type: 'slack' });
    expect(switched.json().error.code).toBe('WEBHOOK_TYPE_LOCKED');
    await call('DELETE', `/webhook/${chat.json().data.webhookIdx}`, f.admin.key);
  });

  it('a story event arrives as signed JSON that the reference library verifies', async () => {
    arrivals.length = 0;
    const before = Math.floor(t.app.ctx.clock.now().getTime() / 1000);
    const created = await call('POST', '/story', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Signed story',
    });
    expect(created.statusCode, created.body).toBe(201);
    await settle();
    await until(() => arrivals.length >= 1, 10_000, 'the story reaches the receiver');
    const [arrival] = arrivals;
    expect(arrival!.headers['content-type']).toMatch(/^application\/json/);
    expect(verifies(hook.secret!, arrival!)).toBe(true);
    expect(verifies(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, arrival!)).toBe(false);
    const timestamp = Number(arrival!.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(before + 60);
    const body = JSON.parse(arrival!.body);
    expect(body).toMatchObject({
      type: 'story.created',
      data: { projectIdx: f.projectA, title: 'Signed story', storyIdx: created.json().data.storyIdx },
    });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    // A chosen event only: nothing was sent for anything else (a milestone here).
    await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title: 'Not chosen' });
    await settle();
    expect(arrivals).toHaveLength(1);
    // The reference library refuses the same bytes once tampered with.
    expect(verifies(hook.secret!, { ...arrival!, body: arrival!.body.replace('Signed', 'Forged') })).toBe(
      false,
    );
  });

  it('a retry carries the same webhook-id, a new timestamp and a fresh valid signature', async () => {
    arrivals.length = 0;
    answers.push(503);
    await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'Second try' });
    await until(() => arrivals.length >= 2, 15_000, 'the first attempt and its retry');
    await until(
      async () => (await log(f.admin.key, hook.webhookIdx))[0]?.status === 'delivered',
      10_000,
      'delivered after the retry',
    );
    const [first, second] = arrivals;
    expect(headersOf(first!)['webhook-id']).toBe(headersOf(second!)['webhook-id']);
    expect(headersOf(first!)['webhook-id']).toMatch(/^msg_/);
    expect(first!.body).toBe(second!.body);
    expect(verifies(hook.secret!, first!)).toBe(true);
    expect(verifies(hook.secret!, second!)).toBe(true);
    const [row] = await log(f.admin.key, hook.webhookIdx);
    expect(row).toMatchObject({
      eventName: 'story.created',
      status: 'delivered',
      attempts: 2,
      statusCode: 200,
    });
    // A delivery of another event has another id.
    const ids = new Set(
      (await log(f.admin.key, hook.webhookIdx)).map((d) => `msg_teamline_${d.deliveryIdx}`),
    );
    expect(ids.has(headersOf(first!)['webhook-id'])).toBe(true);
    expect(ids.size).toBeGreaterThan(1);
  });

  it('"send test" is signed too', async () => {
    arrivals.length = 0;
    const res = await call('POST', `/webhook/${hook.webhookIdx}/test`, f.admin.key);
    expect(res.json().data).toMatchObject({ ok: true, statusCode: 200 });
    expect(arrivals).toHaveLength(1);
    expect(verifies(hook.secret!, arrivals[0]!)).toBe(true);
    expect(JSON.parse(arrivals[0]!.body)).toMatchObject({
      type: 'webhook.test',
      data: { projectIdx: f.projectA, webhookIdx: hook.webhookIdx },
    });
  });

  it("another project's admin cannot see, rotate, test or retry it", async () => {
    const key = f.outsider.key;
    const rotate = await call('POST', `/webhook/${hook.webhookIdx}/secret`, key);
    expect(rotate.statusCode).toBe(404);
    expect(rotate.json().error.code).toBe('WEBHOOK_NOT_FOUND');
    expect((await call('POST', `/webhook/${hook.webhookIdx}/test`, key)).statusCode).toBe(404);
    expect((await call('GET', `/webhook/${hook.webhookIdx}/delivery`, key)).statusCode).toBe(404);
    expect((await call('GET', `/webhook?projectIdx=${f.projectA}`, key)).statusCode).toBe(403);
    // A member of the project who is not an admin is refused as well.
    const dev = await call('POST', `/webhook/${hook.webhookIdx}/secret`, f.dev.key);
    expect([403, 404]).toContain(dev.statusCode);
    // Nor can one make a standard hook in a project one does not administer.
    const stranger = await call('POST', '/webhook', key, {
      projectIdx: f.projectA,
      type: 'standard',
      url,
      eventNames: ['story.created'],
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('whsec_');
  });

  it('rotation: both secrets sign for 24 hours, then only the new one', async () => {
    const old = hook.secret!;
    const rotated = await call('POST', `/webhook/${hook.webhookIdx}/secret`, f.admin.key);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, previousSecretUntil } = rotated.json().data as {
      secret: string;
      previousSecretUntil: string;
    };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(old);
    const overlapMs = new Date(previousSecretUntil).getTime() - t.app.ctx.clock.now().getTime();
    expect(overlapMs).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlapMs).toBeLessThanOrEqual(24 * 3_600_000);
    const listed = (await call('GET', `/webhook?projectIdx=${f.projectA}`, f.admin.key)).json()
      .data as Webhook[];
    expect(listed.find((h) => h.webhookIdx === hook.webhookIdx)!.previousSecretUntil).toBe(
      previousSecretUntil,
    );
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));

    // During the overlap: two signatures, each secret verifies.
    arrivals.length = 0;
    await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'During the overlap' });
    await settle();
    await until(() => arrivals.length >= 1, 10_000, 'the overlap delivery');
    expect(headersOf(arrivals[0]!)['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifies(secret, arrivals[0]!)).toBe(true);
    expect(verifies(old, arrivals[0]!)).toBe(true);

    // 25 hours later (the server's clock): only the new secret signs.
    t.clock.advanceMinutes(25 * 60);
    const login = await call('POST', '/auth/login/general', undefined, {
      email: f.admin.email,
      password: PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(201);
    const key = login.json().data.key as string;
    arrivals.length = 0;
    await call('POST', '/story', key, { projectIdx: f.projectA, title: 'After the overlap' });
    await settle();
    await until(() => arrivals.length >= 1, 10_000, 'the delivery after the overlap');
    const after = arrivals[0]!;
    expect(Number(after.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
    expect(headersOf(after)['webhook-signature'].split(' ')).toHaveLength(1);
    expect(verifies(secret, after)).toBe(true);
    expect(verifies(old, after)).toBe(false);
  });
});
