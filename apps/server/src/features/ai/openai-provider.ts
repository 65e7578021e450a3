import type { EditorNode, TimelineDraft } from '@teamline/contract';
import OpenAI from 'openai';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../shared/app-error.js';
import type { PlanText } from './file-reader.js';
import type { AiProvider } from './provider.js';

/** What the model is asked for: a plain plan; keys, include flags and YYYYMMDD codes are added here. */
const modelDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable();
const modelStory = z.object({
  title: z.string().min(1).max(200),
  startDate: modelDate,
  endDate: modelDate,
  epic: z.string().max(100).nullable(),
  source: z.string().max(400),
});
const modelPlan = z.object({
  milestones: z
    .array(
      z.object({
        title: z.string().min(1).max(200),
        startDate: modelDate,
        endDate: modelDate,
        source: z.string().max(400),
        stories: z.array(modelStory).max(500),
      }),
    )
    .max(200),
});
const modelDocument = z.object({
  title: z.string().min(1).max(200),
  sections: z
    .array(
      z.object({
        heading: z.string().max(200),
        paragraphs: z.array(z.string()),
        bullets: z.array(z.string()),
      }),
    )
    .max(50),
});

const MAX_INPUT_CHARS = 60_000;
const code = (d: string | null) => (d ? d.replaceAll('-', '') : null);
const ordered = (s: string | null, e: string | null) =>
  s && e && e < s ? { startDt: e, endDt: s } : { startDt: s, endDt: e };

/**
 * Any OpenAI-compatible `/v1/chat/completions` endpoint through the `openai` SDK: structured output
 * (a JSON schema from zod) and zod validation of the answer; an endpoint that refuses `json_schema`
 * is asked again in JSON mode, and an answer that is not valid JSON or not the shape gets one more
 * try. The SDK retries 429 and 5xx with backoff; what still fails is AI_PROVIDER_FAILED.
 */
export function createOpenAiProvider(config: NonNullable<AppConfig['ai']>): AiProvider {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: 2,
  });

  async function ask<T>(
    schema: z.ZodType<T>,
    name: string,
    system: string,
    user: string,
    signal?: AbortSignal,
  ): Promise<T> {
    let mode: 'schema' | 'json' = 'schema';
    for (let attempt = 0; attempt < 3; attempt++) {
      let content: string | null | undefined;
      try {
        const answer = await client.chat.completions.create(
          {
            model: config.model,
            temperature: 0,
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: user },
            ],
            response_format:
              mode === 'schema'
                ? {
                    type: 'json_schema',
                    json_schema: { name, schema: z.toJSONSchema(schema) },
                  }
                : { type: 'json_object' },
          },
          { signal },
        );
        content = answer.choices[0]?.message.content;
      } catch (error) {
        if (signal?.aborted) throw error;
        // An endpoint without structured output answers 400 to json_schema: JSON mode instead.
        if (error instanceof OpenAI.APIError && error.status === 400 && mode === 'schema') {
          mode = 'json';
          continue;
        }
        throw new AppError('AI_PROVIDER_FAILED');
      }
      try {
        const parsed = schema.safeParse(JSON.parse(content ?? ''));
        if (parsed.success) return parsed.data;
      } catch {
        // not JSON: asked once more below
      }
      if (attempt >= 1) break;
    }
    throw new AppError('AI_PROVIDER_FAILED');
  }

  return {
    name: config.model,
    async timelineDraft(plan: PlanText, fileTitle: string, signal?: AbortSignal): Promise<TimelineDraft> {
      const text = [
        ...plan.lines.map(
          (l) =>
            `${l.style === 'heading' ? '#'.repeat(l.level) + ' ' : l.style === 'item' ? '- ' : ''}${l.text}`,
        ),
        ...plan.tables.flatMap((t) => t.map((row) => row.join(' | '))),
      ]
        .join('\n')
        .slice(0, MAX_INPUT_CHARS);
      const answer = await ask(
        modelPlan,
        'timeline_draft',
        'You turn a project plan into milestones and their stories. Answer with JSON only. Dates as YYYY-MM-DD or null. ' +
          'For every milestone and story, "source" is the exact line of the plan it came from. Keep the plan\'s language.',
        `Plan file "${fileTitle}":\n\n${text}`,
        signal,
      );
      if (answer.milestones.length === 0) throw new AppError('AI_NOTHING_FOUND');
      return {
        milestones: answer.milestones.map((m, i) => ({
          key: `m${i + 1}`,
          title: m.title,
          ...ordered(code(m.startDate), code(m.endDate)),
          include: true,
          source: { excerpt: m.source, page: null, line: null },
          stories: m.stories.map((s, j) => ({
            key: `m${i + 1}-s${j + 1}`,
            title: s.title,
            ...ordered(code(s.startDate), code(s.endDate)),
            epic: s.epic,
            include: true,
            source: { excerpt: s.source, page: null, line: null },
          })),
        })),
      };
    },
    async document(input, activity, signal) {
      const answer = await ask(
        modelDocument,
        'project_document',
        `You write a ${input.type} for a software project from its activity data. Answer with JSON only. ` +
          `Write in ${{ en: 'English', kr: 'Korean', vi: 'Vietnamese' }[input.language]}. Use only facts from the data.`,
        JSON.stringify({ ...input, activity }).slice(0, MAX_INPUT_CHARS),
        signal,
      );
      const text = (t: string): EditorNode[] => (t ? [{ type: 'text', text: t }] : []);
      const content: EditorNode[] = [{ type: 'heading', attrs: { level: 1 }, content: text(answer.title) }];
      for (const section of answer.sections) {
        content.push({ type: 'heading', attrs: { level: 2 }, content: text(section.heading) });
        for (const p of section.paragraphs) content.push({ type: 'paragraph', content: text(p) });
        if (section.bullets.length)
          content.push({
            type: 'bulletList',
            content: section.bullets.map((b) => ({
              type: 'listItem',
              content: [{ type: 'paragraph', content: text(b) }],
            })),
          });
      }
      return { title: answer.title, content: { type: 'doc', content } };
    },
  };
}
