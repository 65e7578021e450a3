import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiFake, type OpenAiFake } from '../../test/openai-fake.js';
import { linesOfText } from './file-reader.js';
import { createOpenAiProvider } from './openai-provider.js';

let fake: OpenAiFake;
beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.answers.length = 0;
  fake.requests.length = 0;
});

const provider = (timeoutMs = 5_000) =>
  createOpenAiProvider({ baseUrl: fake.url, model: 'plan-model', apiKey: 'sk-test', timeoutMs });
const plan = { kind: 'txt' as const, lines: linesOfText('# Design\n- Wireframes 2026-03-02'), tables: [] };
const good = JSON.stringify({
  milestones: [
    {
      title: 'Design',
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      source: '# Design',
      stories: [
        {
          title: 'Wireframes',
          startDate: '2026-03-06',
          endDate: '2026-03-02',
          epic: 'UX',
          source: '- Wireframes',
        },
      ],
    },
  ],
});

describe('the OpenAI-compatible provider', () => {
  it('asks with a JSON schema and the key, and turns the answer into a validated draft', async () => {
    fake.answers.push({ content: good });
    const draft = await provider().timelineDraft(plan, 'plan');
    expect(draft.milestones[0]).toMatchObject({
      key: 'm1',
      title: 'Design',
      startDt: '20260302',
      endDt: '20260306',
    });
    // A story whose dates came back swapped is put in order.
    expect(draft.milestones[0]!.stories[0]).toMatchObject({
      startDt: '20260302',
      endDt: '20260306',
      epic: 'UX',
      include: true,
    });
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'plan-model', response_format: { type: 'json_schema' } });
    expect(JSON.stringify(sent.body.messages)).toContain('Wireframes 2026-03-02');
  });

  it('falls back to JSON mode when the endpoint refuses structured output', async () => {
    fake.answers.push(
      { status: 400, message: 'response_format json_schema is not supported' },
      { content: good },
    );
    const draft = await provider().timelineDraft(plan, 'plan');
    expect(draft.milestones).toHaveLength(1);
    expect(fake.requests.map((r) => (r.body.response_format as { type: string }).type)).toEqual([
      'json_schema',
      'json_object',
    ]);
  });

  it('asks once more after malformed JSON or the wrong shape, then gives up', async () => {
    fake.answers.push({ content: '{"milestones": [' }, { content: good });
    expect((await provider().timelineDraft(plan, 'plan')).milestones).toHaveLength(1);
    fake.answers.push({ content: 'not json' }, { content: '{"milestones": "nope"}' }, { content: good });
    await expect(provider().timelineDraft(plan, 'plan')).rejects.toMatchObject({
      code: 'AI_PROVIDER_FAILED',
    });
  });

  it('waits out a 429 and retries; a provider that keeps failing is AI_PROVIDER_FAILED', async () => {
    fake.answers.push({ status: 429, retryAfter: 0 }, { content: good });
    expect((await provider().timelineDraft(plan, 'plan')).milestones).toHaveLength(1);
    fake.answers.push(
      { status: 429, retryAfter: 0 },
      { status: 429, retryAfter: 0 },
      { status: 429, retryAfter: 0 },
    );
    await expect(provider().timelineDraft(plan, 'plan')).rejects.toMatchObject({
      code: 'AI_PROVIDER_FAILED',
    });
  });

  it('a slow answer past the timeout is AI_PROVIDER_FAILED, a slow one within it is fine', async () => {
    fake.answers.push({ content: good, delayMs: 300 });
    expect((await provider(2_000).timelineDraft(plan, 'plan')).milestones).toHaveLength(1);
    fake.answers.push(
      { content: good, delayMs: 1_500 },
      { content: good, delayMs: 1_500 },
      { content: good, delayMs: 1_500 },
    );
    await expect(provider(200).timelineDraft(plan, 'plan')).rejects.toMatchObject({
      code: 'AI_PROVIDER_FAILED',
    });
  });

  it('writes a document in the author’s language from the activity', async () => {
    fake.answers.push({
      content: JSON.stringify({
        title: '주간 보고서',
        sections: [{ heading: '요약', paragraphs: ['완료 1건'], bullets: ['결제 모듈'] }],
      }),
    });
    const written = await provider().document(
      {
        type: 'weeklyReport',
        language: 'kr',
        referenceDt: '20260306',
        periodStartDt: '20260302',
        periodEndDt: '20260306',
        projectKey: null,
      },
      {
        projectName: 'P',
        completed: [],
        delayed: [],
        inProgress: [],
        upcoming: [],
        milestones: [],
        decisions: [],
        hours: [],
        requests: [],
        changes: 0,
      },
    );
    expect(written.title).toBe('주간 보고서');
    expect(JSON.stringify(written.content)).toContain('결제 모듈');
    expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('Korean');
  });
});
