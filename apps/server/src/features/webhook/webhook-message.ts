import {
  formatDay,
  palette,
  type DomainEvent,
  type DomainEventName,
  type Language,
  type RequestKind,
  type WebhookCategory,
  type WebhookEvent,
} from '@teamline/contract';
import { interpolate, resources } from '@teamline/contract/i18n';
import type { ChatMessage } from './formatters/message.js';

/**
 * Which domain events a hook can send, as (category, event) of docs/product/notifications-and-webhooks.md#webhooks: created → new; updated,
 * moved between milestones, approval asked or decided, a request's status → edit; deleted →
 * delete. Reordering within one milestone, comments and the rest send nothing.
 */
export function webhookEventOf(
  event: DomainEvent,
): { category: WebhookCategory; event: WebhookEvent } | null {
  switch (event.name) {
    case 'milestone.created':
      return { category: 'milestone', event: 'new' };
    case 'milestone.updated':
    case 'milestone.approval_requested':
    case 'milestone.approved':
    case 'milestone.rejected':
      return { category: 'milestone', event: 'edit' };
    case 'milestone.deleted':
      return { category: 'milestone', event: 'delete' };
    case 'story.created':
      return { category: 'story', event: 'new' };
    case 'story.updated':
      return { category: 'story', event: 'edit' };
    case 'story.ordered':
      return event.payload.milestoneIdx === event.payload.fromMilestoneIdx
        ? null
        : { category: 'story', event: 'edit' };
    case 'story.deleted':
      return { category: 'story', event: 'delete' };
    case 'request.created':
      return { category: 'request', event: 'new' };
    case 'request.updated':
    case 'request.status_changed':
      return { category: 'request', event: 'edit' };
    case 'request.deleted':
      return { category: 'request', event: 'delete' };
    default:
      return null;
  }
}

/** The events a hook can send, by category (each group's payloads share their ids). */
export const webhookMilestoneEvents = [
  'milestone.created',
  'milestone.updated',
  'milestone.approval_requested',
  'milestone.approved',
  'milestone.rejected',
  'milestone.deleted',
] as const satisfies readonly DomainEventName[];
export const webhookStoryEvents = [
  'story.created',
  'story.updated',
  'story.ordered',
  'story.deleted',
] as const;
const webhookRequestEvents = [
  'request.created',
  'request.updated',
  'request.status_changed',
  'request.deleted',
] as const;
export const webhookEventNames = [
  ...webhookMilestoneEvents,
  ...webhookStoryEvents,
  ...webhookRequestEvents,
] as const satisfies readonly DomainEventName[];
export type WebhookEventName = (typeof webhookEventNames)[number];

/**
 * What a message says, in no language yet: read once per event from the database and the event,
 * then rendered in each hook's language. Statuses are the contract's codes, dates `YYYYMMDD`.
 */
export interface MessageFacts {
  category: WebhookCategory | 'test';
  event: WebhookEvent | 'test';
  projectIdx: number;
  projectName: string;
  occurredAt: string;
  /** null: a deleted item whose title is no longer known (the id is shown). */
  title: string | null;
  itemIdx: number;
  /** The app's path after `#`, e.g. `/timeline/3?selectedStory=12`. */
  path: string;
  description?: string | null;
  /** A story or milestone status (`ui.status`) or a request status (`ui.request.status`). */
  status?: string;
  period?: { startDt: string | null; endDt: string | null };
  /** Nicknames of a story's assignees. */
  assignees?: string[];
  /** A story's milestone title; null: the backlog. */
  milestone?: string | null;
  requestKind?: RequestKind;
  from?: string;
  to?: string;
  dueDt?: string;
  movedStories?: number;
}

const colorOf: Record<string, string> = {
  new: palette.find((c) => c.name === 'green')!.code,
  edit: palette.find((c) => c.name === 'blue')!.code,
  delete: palette.find((c) => c.name === 'red')!.code,
  test: palette.find((c) => c.name === 'skyblue')!.code,
};

function day(code: string | null | undefined, lang: Language): string {
  if (!code || !/^\d{8}$/.test(code)) return '';
  return formatDay({ y: +code.slice(0, 4), m: +code.slice(4, 6), d: +code.slice(6, 8) }, lang);
}

/** The message of some facts in one language, with links on `publicUrl`. */
export function renderMessage(facts: MessageFacts, lang: Language, publicUrl: string): ChatMessage {
  const { webhook: t, ui } = resources[lang];
  const heading =
    facts.category === 'test' || facts.event === 'test'
      ? t.test.title
      : t.heading[facts.category][facts.event];
  const title =
    facts.category === 'test' ? t.test.title : ((facts.title?.trim() || null) ?? `#${facts.itemIdx}`);
  const fields: ChatMessage['fields'] = [];
  if (facts.requestKind) fields.push({ label: t.field.kind, value: t.requestKind[facts.requestKind] });
  if (facts.status) {
    const names: Record<string, string> = facts.category === 'request' ? ui.request.status : ui.status;
    fields.push({ label: t.field.status, value: names[facts.status] ?? facts.status });
  }
  if (facts.milestone !== undefined)
    fields.push({ label: t.field.milestone, value: facts.milestone ?? t.backlog });
  if (facts.period && (facts.period.startDt || facts.period.endDt))
    fields.push({
      label: t.field.period,
      value: `${day(facts.period.startDt, lang)} – ${day(facts.period.endDt, lang)}`.trim(),
    });
  if (facts.assignees)
    fields.push({
      label: t.field.assignees,
      value: facts.assignees.length ? facts.assignees.join(', ') : t.nobody,
    });
  if (facts.from) fields.push({ label: t.field.from, value: facts.from });
  if (facts.to) fields.push({ label: t.field.to, value: facts.to });
  if (facts.dueDt) fields.push({ label: t.field.dueDate, value: day(facts.dueDt, lang) });
  if (facts.movedStories) fields.push({ label: t.field.movedStories, value: String(facts.movedStories) });
  const context = interpolate(t.inProject, { project: facts.projectName });
  const description =
    facts.category === 'test'
      ? interpolate(t.test.text, { project: facts.projectName })
      : facts.description?.trim() || null;
  return {
    category: facts.category,
    event: facts.event,
    heading,
    title,
    summary: interpolate(t.summary, { heading, title }),
    context,
    url: `${publicUrl}/#${facts.path}`,
    linkLabel: t.open,
    description,
    fields,
    color: colorOf[facts.event] ?? colorOf.edit!,
    botName: t.botName,
    iconUrl: `${publicUrl}/api/webhook/icon.png`,
    occurredAt: facts.occurredAt,
  };
}
