import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhooks } from '../../db/schema/index.js';
import { api } from '../../test/planning-fixture.js';
import { createProject, createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { startReceiver, until, type ChatReceiver } from '../../test/webhook-receivers.js';

/** WEBHOOK_ALLOW_PRIVATE unset (the default): hooks may not reach private networks, saved or sent. */
let t: TestApp;
let receiver: ChatReceiver;
let key: string;
let projectIdx: number;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp({ config: { outboundAllowPrivate: false } });
  receiver = await startReceiver('slack');
  const admin = await signUp(t, 'private-admin@example.com');
  key = admin.key;
  projectIdx = await createProject(t, key, 'Private');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const body = (url: string) => ({ projectIdx, type: 'slack', url, categories: ['story'], events: ['new'] });

describe('webhooks and private networks', () => {
  it('refuses to save a hook to a private address, naming the field', async () => {
    for (const url of [
      receiver.url,
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://localhost:8080/hook',
    ]) {
      const res = await call('POST', '/webhook', key, body(url));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'WEBHOOK_URL_PRIVATE',
        fieldErrors: { url: 'webhookUrlPrivate' },
      });
    }
    const ok = await call('POST', '/webhook', key, body('https://hooks.slack.com/services/T000/B000/XXXX'));
    expect(ok.statusCode).toBe(201);
    const moved = await call('PATCH', `/webhook/${ok.json().data.webhookIdx}`, key, {
      url: 'http://10.1.1.1/x',
    });
    expect(moved.json().error.code).toBe('WEBHOOK_URL_PRIVATE');
  });

  it('checks again at send time: a hook whose address became private is refused, nothing reaches it', async () => {
    const saved = await call('POST', '/webhook', key, body('https://hooks.example.com/services/1'));
    const { webhookIdx } = saved.json().data;
    // As if its name now resolved to this machine: the stored address is private.
    await t.database.db
      .update(webhooks)
      .set({ url: receiver.url })
      .where(eq(webhooks.webhookIdx, webhookIdx));
    const test = await call('POST', `/webhook/${webhookIdx}/test`, key);
    expect(test.json().error.code).toBe('WEBHOOK_URL_PRIVATE');
    await call('POST', '/story', key, { projectIdx, title: 'Not for the intranet' });
    const log = async () =>
      (await call('GET', `/webhook/${webhookIdx}/delivery`, key)).json().data.deliveries;
    await until(async () => (await log())[0]?.status === 'failed', 10_000, 'refused delivery');
    expect((await log())[0]).toMatchObject({ attempts: 1, statusCode: null });
    expect((await log())[0].responseExcerpt).toContain('not a public address');
    expect(receiver.requests).toEqual([]);
  });

  it('serves the sender icon chat tools show (a 64 × 64 PNG, no key needed)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/webhook/icon.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
  });
});
