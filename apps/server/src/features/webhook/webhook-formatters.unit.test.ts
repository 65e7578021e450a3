import {
  languages,
  webhookCategories,
  webhookEvents,
  chatWebhookTypes,
  type DomainEvent,
  type DomainEventName,
  type WebhookCategory,
  type WebhookEvent,
} from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { validators } from '../../test/webhook-receivers.js';
import { formatFor } from './formatters/index.js';
import { cut, jsonBytes } from './formatters/message.js';
import { TEAMS_MAX_BYTES } from './formatters/teams.js';
import { renderMessage, webhookEventOf, type MessageFacts } from './webhook-message.js';

const publicUrl = 'https://teamline.example';

function factsFor(category: WebhookCategory, event: WebhookEvent, size: 'short' | 'long'): MessageFacts {
  const long = size === 'long';
  const title = long ? `Release ${'🚀 & <b>'.repeat(2_000)}` : 'Login page';
  const description = long
    ? `Steps *bold* _x_ & <tag> @everyone 한국어 ${'Lorem ipsum dolor sit amet. '.repeat(5_000)}`
    : 'Build the login page.';
  const base = {
    category,
    event,
    projectIdx: 3,
    projectName: long ? 'P'.repeat(500) : 'Alpha',
    occurredAt: '2026-11-24T10:00:00.000Z',
    itemIdx: 12,
  };
  if (event === 'delete')
    return {
      ...base,
      title: long ? title : null,
      path: '/timeline/3',
      ...(category === 'milestone' ? { movedStories: 2 } : {}),
    };
  if (category === 'story')
    return {
      ...base,
      title,
      description,
      path: '/timeline/3?selectedStory=12',
      status: 'inProgress',
      period: { startDt: '20261101', endDt: '20261130' },
      assignees: long ? Array.from({ length: 300 }, (_, i) => `member-${i}`) : ['mina', 'joon'],
      milestone: long ? 'M'.repeat(3_000) : null,
    };
  if (category === 'milestone')
    return {
      ...base,
      title,
      description,
      path: '/timeline/3?selectedMilestone=12',
      status: 'approving',
      period: { startDt: '20261101', endDt: null },
    };
  return {
    ...base,
    title,
    path: '/request/3',
    requestKind: 'general',
    status: 'awaiting',
    from: 'mina',
    to: 'joon',
    dueDt: '20261201',
  };
}

describe('native messages (every tool × category × event × language, short and too long)', () => {
  for (const type of chatWebhookTypes)
    for (const category of webhookCategories)
      for (const event of webhookEvents)
        it(`${type} ${category} ${event}`, () => {
          for (const lang of languages)
            for (const size of ['short', 'long'] as const) {
              const message = renderMessage(factsFor(category, event, size), lang, publicUrl);
              const body = formatFor(type, message);
              const bytes = Buffer.byteLength(JSON.stringify(body));
              expect(validators[type](JSON.parse(JSON.stringify(body)), bytes), `${lang} ${size}`).toEqual(
                [],
              );
              // The link back into the app is in every message.
              expect(JSON.stringify(body)).toContain(JSON.stringify(message.url).slice(1, -1));
            }
        });

  it('links to the story, the milestone or the requests page of the project', () => {
    expect(renderMessage(factsFor('story', 'edit', 'short'), 'en', publicUrl).url).toBe(
      'https://teamline.example/#/timeline/3?selectedStory=12',
    );
    expect(renderMessage(factsFor('milestone', 'new', 'short'), 'en', publicUrl).url).toBe(
      'https://teamline.example/#/timeline/3?selectedMilestone=12',
    );
    expect(renderMessage(factsFor('request', 'new', 'short'), 'en', publicUrl).url).toBe(
      'https://teamline.example/#/request/3',
    );
  });

  it('writes in the hook’s language', () => {
    const facts = factsFor('story', 'new', 'short');
    const en = formatFor('slack', renderMessage(facts, 'en', publicUrl)) as { text: string };
    const kr = formatFor('slack', renderMessage(facts, 'kr', publicUrl)) as { text: string };
    const vi = formatFor('slack', renderMessage(facts, 'vi', publicUrl)) as { text: string };
    expect(en.text).toContain('New story: Login page');
    expect(kr.text).toContain('새 스토리: Login page');
    expect(vi.text).toContain('Câu chuyện mới: Login page');
    // Statuses come from the app's own words.
    expect(JSON.stringify(formatFor('discord', renderMessage(facts, 'kr', publicUrl)))).toContain('진행');
  });

  it('cuts long texts to each tool’s limits instead of refusing them', () => {
    const message = renderMessage(factsFor('story', 'edit', 'long'), 'en', publicUrl);
    const discord = formatFor('discord', message) as {
      content: string;
      embeds: { title: string; description: string }[];
    };
    // Escaping lengthens it (`<` → `\\<`): cut so the escaped title fits.
    expect(discord.embeds[0]!.title.length).toBeLessThanOrEqual(256);
    expect(discord.embeds[0]!.title.length).toBeGreaterThan(200);
    expect(discord.embeds[0]!.title.endsWith('…')).toBe(true);
    expect(discord.embeds[0]!.description.length).toBeLessThanOrEqual(4_096);
    expect(discord.embeds[0]!.description.length).toBeGreaterThan(1_000);
    const slack = formatFor('slack', message) as { blocks: { type: string; text?: { text: string } }[] };
    const sections = slack.blocks.filter((b) => b.type === 'section' && b.text);
    expect(Math.max(...sections.map((b) => b.text!.text.length))).toBe(3_000);
    const teams = formatFor('teams', message);
    expect(jsonBytes(teams)).toBeLessThan(TEAMS_MAX_BYTES);
    expect(jsonBytes(teams)).toBeGreaterThan(20_000);
  });

  it('escapes markup and never pings: Slack entities, Discord mentions off', () => {
    const message = renderMessage(factsFor('story', 'new', 'long'), 'en', publicUrl);
    const slack = JSON.stringify(formatFor('slack', message));
    expect(slack).not.toContain('<b>');
    expect(slack).toContain('&lt;b&gt;');
    const discord = formatFor('discord', message) as { allowed_mentions: { parse: string[] } };
    expect(discord.allowed_mentions.parse).toEqual([]);
  });

  it('members’ text is inert in every tool: no link, mention or channel ping can be written into a message (issue 30)', () => {
    const hostile =
      '[Reset your password](https://evil.example) <!channel> <!here> <@U123> <https://evil.example|Login> @everyone';
    const facts: MessageFacts = {
      ...factsFor('request', 'new', 'short'),
      title: hostile,
      projectName: `Alpha ${hostile}`,
      from: hostile,
    };
    const message = renderMessage({ ...facts, description: hostile }, 'en', publicUrl);

    // Slack: &, < and > as entities, so no <!channel>, <@U…> or <url|text> is left.
    const slack = JSON.stringify(formatFor('slack', message));
    for (const raw of ['<!channel>', '<!here>', '<@U123>', '<https://evil.example|'])
      expect(slack).not.toContain(raw);
    expect(slack).toContain('&lt;!channel&gt;');

    // Discord: mentions never parsed; brackets, < and @ escaped, so no masked link or mention is drawn.
    const discord = formatFor('discord', message) as {
      content: string;
      allowed_mentions: { parse: string[] };
      embeds: { description: string; fields: { name: string; value: string }[] }[];
    };
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    for (const text of [
      discord.content,
      discord.embeds[0]!.description,
      ...discord.embeds[0]!.fields.map((f) => f.value),
    ])
      expect(text).not.toMatch(/(^|[^\\])(\[|<|@)/);

    // Teams: members' text only in TextRuns (never Markdown), so the title is not a link in the card.
    const teams = formatFor('teams', message) as {
      attachments: { content: { body: { type: string; text?: string; inlines?: { text: string }[] }[] } }[];
    };
    const body = teams.attachments[0]!.content.body;
    const markdownTexts = body.filter((b) => b.type !== 'RichTextBlock').map((b) => JSON.stringify(b));
    for (const text of markdownTexts) expect(text).not.toContain('](');
    const runs = body.flatMap((b) => b.inlines ?? []).map((i) => i.text);
    expect(runs).toContain(hostile);

    // Dooray: `](` broken by a zero-width space, so neither a link nor a [@mention](dooray://…) forms.
    const dooray = formatFor('dooray', message) as { text: string; attachments: { text: string }[] };
    expect(dooray.text + dooray.attachments[0]!.text).not.toContain('](');
    expect(dooray.attachments[0]!.text).toContain('[Reset your password]\u200b(https://evil.example)');
  });

  it('the receivers’ checks refuse what the tools refuse (so the passes above mean something)', () => {
    expect(validators.slack({ text: 'x'.repeat(40_001) }, 0)).not.toEqual([]);
    expect(
      validators.slack(
        { text: 'x', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(3_001) } }] },
        0,
      ),
    ).not.toEqual([]);
    expect(
      validators.slack(
        {
          text: 'x',
          blocks: Array.from({ length: 51 }, () => ({
            type: 'section',
            text: { type: 'mrkdwn', text: 'x' },
          })),
        },
        0,
      ),
    ).not.toEqual([]);
    expect(validators.discord({ content: 'x'.repeat(2_001) }, 0)).not.toEqual([]);
    expect(validators.discord({ embeds: [{ title: 'x'.repeat(257) }] }, 0)).not.toEqual([]);
    expect(validators.discord({ embeds: [{ title: 'x', description: 'x'.repeat(4_097) }] }, 0)).not.toEqual(
      [],
    );
    expect(validators.discord({ embeds: Array.from({ length: 11 }, () => ({ title: 'x' })) }, 0)).not.toEqual(
      [],
    );
    expect(validators.teams({ type: 'message', attachments: [] }, 10)).not.toEqual([]);
    expect(
      validators.teams(
        {
          type: 'message',
          attachments: [
            {
              contentType: 'application/vnd.microsoft.card.adaptive',
              contentUrl: null,
              content: { type: 'AdaptiveCard', version: '1.4', body: [{ type: 'TextBlock', text: 'x' }] },
            },
          ],
        },
        28 * 1024,
      ),
    ).not.toEqual([]);
    expect(validators.dooray({ text: 'x' }, 0)).not.toEqual([]);
  });

  it('cut keeps emoji whole and never exceeds the limit', () => {
    expect(cut('ab🚀cd', 4)).toBe('ab…');
    expect(cut('abc', 3)).toBe('abc');
    expect(cut('🚀🚀🚀', 5)).toBe('🚀🚀…');
    for (let n = 1; n < 12; n++) expect(cut('🚀a🚀b🚀c🚀', n).length).toBeLessThanOrEqual(n);
  });

  it('maps domain events to categories and events; reordering within a milestone sends nothing', () => {
    // Only the name matters, and story.ordered's milestones.
    const of = (name: DomainEventName, payload: object = {}) =>
      webhookEventOf({ name, payload } as unknown as DomainEvent);
    expect(of('story.created')).toEqual({ category: 'story', event: 'new' });
    expect(of('milestone.approved')).toEqual({ category: 'milestone', event: 'edit' });
    expect(of('request.deleted')).toEqual({ category: 'request', event: 'delete' });
    expect(of('story.ordered', { milestoneIdx: 1, fromMilestoneIdx: 2 })).toEqual({
      category: 'story',
      event: 'edit',
    });
    expect(of('story.ordered', { milestoneIdx: 1, fromMilestoneIdx: 1 })).toBeNull();
    expect(of('comment.created')).toBeNull();
  });
});
