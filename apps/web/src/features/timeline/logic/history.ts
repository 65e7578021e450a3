import { historyTypes, type HistoryItem, type Language } from '@teamline/contract';
import { formatDate } from '../../../lib/format';

type T = (key: string, values?: Record<string, unknown>) => string;

export interface HistoryNames {
  member: (memberInProjectIdx: number) => string | undefined;
  milestone: (milestoneIdx: number) => string | undefined;
  epic: (epicIdx: number) => string | undefined;
}

/** Keys of ui.planning.history (each one is checked in all three languages by history.test.ts). */
const K = (name: string) => `ui.planning.history.${name}`;
const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/**
 * One history record as a sentence in the user's language: "{{actor}} changed the status from
 * Pending to In progress." Unknown (future) types fall back to a generic sentence.
 */
export function historySentence(item: HistoryItem, t: T, names: HistoryNames, lang: Language = 'en'): string {
  const actor = item.actor?.nickname ?? t(K('system'));
  const before = asRecord(item.before);
  const after = asRecord(item.after);
  const none = t(K('none'));
  const text = (v: unknown) =>
    v === null || v === undefined || v === ''
      ? none
      : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
        ? String(v)
        : JSON.stringify(v);
  const member = (v: unknown) => (typeof v === 'number' ? (names.member(v) ?? `#${v}`) : none);
  const members = (v: unknown) =>
    Array.isArray(v) && v.length > 0 ? v.map((x) => member(x)).join(', ') : none;
  const status = (v: unknown) => (typeof v === 'string' ? t(`ui.status.${v}`) : none);
  const day = (v: unknown) => (typeof v === 'string' && /^\d{8}$/.test(v) ? formatDate(v, lang) : '');
  /** A schedule as "a – b", "from a", "until b", or '' when it has neither date. */
  const range = (r: Record<string, unknown>) => {
    const start = day(r.startDt);
    const end = day(r.endDt);
    if (start && end) return `${start} – ${end}`;
    if (start) return t(K('rangeFrom'), { date: start });
    if (end) return t(K('rangeUntil'), { date: end });
    return '';
  };
  const subject = item.storyIdx !== null ? 'story' : 'milestone';
  switch (item.type) {
    case historyTypes.created:
      return t(K('created'), { actor, title: text(after.title) });
    case historyTypes.title:
      return t(K('renamed'), { actor, from: text(before.title), to: text(after.title) });
    case historyTypes.description:
      return t(K('description'), { actor });
    case historyTypes.assignee:
      if ('assignees' in after || 'assignees' in before)
        return t(K('assignees'), { actor, from: members(before.assignees), to: members(after.assignees) });
      return t(K('approver'), { actor, from: member(before.approverIdx), to: member(after.approverIdx) });
    case historyTypes.reporter:
      return t(K('reporter'), { actor, from: member(before.reporterIdx), to: member(after.reporterIdx) });
    case historyTypes.link:
      return t(K('link'), { actor, from: text(before.link), to: text(after.link) });
    case historyTypes.schedule: {
      // A first schedule is "set", a removed one "removed": never "from none – none".
      const from = range(before);
      const to = range(after);
      if (!from) return t(K('scheduleSet'), { actor, to: to || none });
      if (!to) return t(K('scheduleCleared'), { actor, from });
      return t(K('schedule'), { actor, from, to });
    }
    case historyTypes.status:
      return t(K('status'), { actor, from: status(before.status), to: status(after.status) });
    case historyTypes.autoStatus:
      return t(K('autoStatus'), { from: status(before.status), to: status(after.status) });
    case historyTypes.approvalRequested:
      return t(K('approvalRequested'), { actor });
    case historyTypes.approved:
      return t(K('approved'), { actor });
    case historyTypes.rejected:
      return t(K('rejected'), { actor, reason: text(after.rejectReason) });
    case historyTypes.commentCreated:
      return t(K('comment'), { actor, content: text(after.content) });
    case historyTypes.epic: {
      const epic = (v: unknown) => (typeof v === 'number' ? (names.epic(v) ?? `#${v}`) : none);
      return t(K('epic'), { actor, from: epic(before.epicIdx), to: epic(after.epicIdx) });
    }
    case historyTypes.milestone: {
      const place = (v: unknown) =>
        typeof v === 'number' ? (names.milestone(v) ?? `#${v}`) : t('ui.planning.backlog');
      return t(K('moved'), { actor, from: place(before.milestoneIdx), to: place(after.milestoneIdx) });
    }
    case historyTypes.deleted:
      return t(K('deleted'), { actor, subject: t(K(subject)) });
    case historyTypes.estimate: {
      const parts: string[] = [];
      if ('point' in after) parts.push(t(K('point'), { from: text(before.point), to: text(after.point) }));
      if ('rating' in after)
        parts.push(t(K('rating'), { from: text(before.rating), to: text(after.rating) }));
      return t(K('estimate'), { actor, changes: parts.join(', ') });
    }
    default:
      return t(K('other'), { actor, type: item.type });
  }
}
