import { chatWebhookTypes, type ChatWebhookType } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startReceiver, until, type ChatReceiver } from '../../test/webhook-receivers.js';

/**
 * Issue 30: text that reaches the chat tools is inert there. A story titled like a link, a channel
 * ping or a mention reaches the four local receivers (which check each tool's documented shape) as
 * text: Slack entities, Discord escapes with mentions off, Teams TextRuns, Dooray broken `](`.
 */
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
const receivers = {} as Record<ChatWebhookType, ChatReceiver>;

beforeAll(async () => {
  t = await createTestApp({ config: { outboundAllowPrivate: true } });
  f = await planningFixture(t, 'wi');
  call = api(t);
  for (const type of chatWebhookTypes) {
    receivers[type] = await startReceiver(type);
    const res = await call('POST', '/webhook', f.admin.key, {
      projectIdx: f.projectA,
      type,
      url: receivers[type].url,
      categories: ['story'],
      events: ['new'],
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
  for (const r of Object.values(receivers)) await r.close();
});

const title = '[Reset your password](https://evil.example) <!channel> <@U024BE7LH> @everyone';
const description = 'Click <https://evil.example|here> & [sign in](https://evil.example/login) @here';

describe('a story’s text in the chat tools', () => {
  it('is shown as typed and is no link, mention or ping in any tool', async () => {
    const res = await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title, description });
    expect(res.statusCode, res.body).toBe(201);
    for (const type of chatWebhookTypes)
      await until(() => receivers[type].received.length > 0, 15_000, `${type} received the story`);

    const slack = JSON.stringify(receivers.slack.received[0]!.body);
    for (const raw of ['<!channel>', '<@U024BE7LH>', '<https://evil.example|'])
      expect(slack).not.toContain(raw);
    expect(slack).toContain('&lt;!channel&gt;');

    const discord = receivers.discord.received[0]!.body as {
      content: string;
      allowed_mentions: unknown;
      embeds: { description: string }[];
    };
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.embeds[0]!.description).toBe(
      'Click \\<https://evil.example\\|here\\> & \\[sign in\\]\\(https://evil.example/login\\) \\@here',
    );

    const teams = receivers.teams.received[0]!.body as {
      attachments: { content: { body: { type: string; inlines?: { text: string }[] }[] } }[];
    };
    const body = teams.attachments[0]!.content.body;
    // Markdown is read only outside TextRuns: none of the members' text is there.
    expect(JSON.stringify(body.filter((b) => b.type !== 'RichTextBlock'))).not.toContain('evil.example');
    expect(body.flatMap((b) => b.inlines ?? []).map((i) => i.text)).toEqual(
      expect.arrayContaining([title, description]),
    );

    const dooray = JSON.stringify(receivers.dooray.received[0]!.body);
    expect(dooray).not.toContain('](');
  });
});
