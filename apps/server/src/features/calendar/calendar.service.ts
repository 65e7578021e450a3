import {
  API_BASE,
  apiPaths,
  CALENDAR_FEEDS_PER_MEMBER,
  storyKey,
  type CalendarFeed,
  type CreateCalendarFeedRequest,
  type CreatedCalendarFeed,
  type Language,
} from '@teamline/contract';
import type { Db } from '../../infra/db.js';
import type { AuditEntry } from '../../platform/audit/audit-trail.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { randomToken, sha256 } from '../../shared/crypto.js';
import { inTransaction } from '../../shared/transaction.js';
import { feedText, renderCalendar, type FeedEvent } from './calendar-ics.js';
import {
  createCalendarRepository,
  type CalendarFeedListRow,
  type CalendarFeedRow,
  type CalendarRepository,
} from './calendar.repository.js';

/** A feed's "last fetched" moves at most this often (calendar apps poll; one write per poll is enough and no more). */
export const FEED_TOUCH_STEP_MS = 60_000;

/**
 * A feed ready to send: its entity tag, the hash of what it shows (so an unchanged feed answers 304
 * without being written out), and the body, written only when asked for.
 */
export interface RenderedFeed {
  etag: string;
  body: () => string;
}

/** Goes into every tag: a change to how feeds are written gives every feed a new one. */
const FEED_FORMAT = 1;

export const toCalendarFeed = (row: CalendarFeedListRow): CalendarFeed => ({
  calendarIdx: row.calendarIdx,
  kind: row.projectIdx === null ? 'member' : 'project',
  projectIdx: row.projectIdx,
  projectName: row.projectName,
  createdAt: row.createdAt.toISOString(),
  lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
});

/**
 * Calendar feeds (issue 34, docs/product/integrations.md#calendar-feeds): a member makes a secret
 * address for their own dates or for one project they belong to, lists and revokes them; the public
 * route serves the feed of a secret as RFC 5545. Only the secret's SHA-256 is stored.
 */
export function createCalendarService(ctx: AppContext, repo: CalendarRepository) {
  const now = () => ctx.clock.now();
  const base = ctx.config.publicUrl;
  const entry = (
    kind: AuditEntry['kind'],
    memberIdx: number,
    feed: CalendarFeedRow,
    projectName: string | null,
  ) =>
    ({
      kind,
      memberIdx,
      target: { type: 'calendarFeed', idx: feed.calendarIdx },
      changes: {
        feed: feed.projectIdx === null ? 'member' : 'project',
        ...(feed.projectIdx === null ? {} : { projectIdx: feed.projectIdx, project: projectName }),
      },
    }) satisfies AuditEntry;

  /** The events of a member's own feed: their assigned stories' due dates, their projects' milestones, their contracts. */
  async function memberEvents(memberIdx: number, lang: Language): Promise<FeedEvent[]> {
    const memberships = await repo.memberships(memberIdx);
    const mips = memberships.map((m) => m.memberInProjectIdx);
    const projectIdxs = memberships.map((m) => m.projectIdx);
    const [due, marks, contracts] = await Promise.all([
      repo.storiesDue(projectIdxs, mips),
      repo.milestonesOf(projectIdxs),
      repo.contractsOf(mips),
    ]);
    return [
      ...storyEvents(due, memberships, lang),
      ...milestoneEvents(marks, memberships, lang),
      ...contracts.map((c): FeedEvent => {
        const project = projectOf(memberships, c.projectIdx);
        const url = `${base}/#/request/${c.projectIdx}`;
        return {
          uid: `contract-${c.contractIdx}@teamline`,
          first: c.startDt,
          last: c.endDt ?? c.startDt,
          summary: feedText(lang)('contract', { project: project.projectName }),
          description: [c.scope, feedText(lang)('open', { url })].filter(Boolean).join('\n'),
          url,
          changedAt: c.updatedAt,
        };
      }),
    ];
  }

  type Membership = Awaited<ReturnType<CalendarRepository['memberships']>>[number];
  const projectOf = (memberships: Membership[], projectIdx: number) =>
    memberships.find((m) => m.projectIdx === projectIdx)!;

  function storyEvents(
    rows: Awaited<ReturnType<CalendarRepository['storiesDue']>>,
    memberships: Membership[],
    lang: Language,
  ): FeedEvent[] {
    return rows.map((s) => {
      const project = projectOf(memberships, s.projectIdx);
      const key = storyKey(project.projectKey, s.storyNo) ?? `#${s.storyNo}`;
      const url = `${base}/#/timeline/${s.projectIdx}?selectedStory=${s.storyIdx}`;
      return {
        uid: `story-${s.storyIdx}@teamline`,
        first: s.endDt!,
        last: s.endDt!,
        summary: `${key} ${s.title}`,
        description: [
          feedText(lang)('project', { project: project.projectName }),
          feedText(lang)('open', { url }),
        ].join('\n'),
        url,
        changedAt: s.updatedAt,
      };
    });
  }

  function milestoneEvents(
    rows: Awaited<ReturnType<CalendarRepository['milestonesOf']>>,
    memberships: Membership[],
    lang: Language,
  ): FeedEvent[] {
    return rows.map((m) => {
      const project = projectOf(memberships, m.projectIdx);
      const url = `${base}/#/timeline/${m.projectIdx}?selectedMilestone=${m.milestoneIdx}`;
      const first = (m.startDt ?? m.endDt)!;
      return {
        uid: `milestone-${m.milestoneIdx}@teamline`,
        first,
        last: m.endDt ?? first,
        summary: feedText(lang)('milestone', { title: m.title }),
        description: [
          feedText(lang)('project', { project: project.projectName }),
          feedText(lang)('open', { url }),
        ].join('\n'),
        url,
        changedAt: m.updatedAt,
      };
    });
  }

  return {
    async list(actor: Actor): Promise<CalendarFeed[]> {
      return (await repo.listOf(actor.memberIdx)).map(toCalendarFeed);
    },

    /**
     * A new feed address (its secret in this answer only); the caller's live feed of the same kind
     * (their own, or this project's) is revoked with it, so "make anew" is the rotation. A project
     * feed needs a live membership of the project (else 403 PROJECT_ACCESS_DENIED).
     */
    async create(actor: Actor, input: CreateCalendarFeedRequest): Promise<CreatedCalendarFeed> {
      if (actor.token) throw new AppError('TOKEN_SCOPE_DENIED', { needed: null });
      const at = now();
      const projectIdx = input.projectIdx ?? null;
      const secret = randomToken();
      const row = await inTransaction(ctx.database.db, async (tx: Db) => {
        const store = createCalendarRepository(tx);
        await store.lockOwner(actor.memberIdx);
        let projectName: string | null = null;
        if (projectIdx !== null) {
          const [membership] = await store.memberships(actor.memberIdx, projectIdx);
          if (!membership) throw new AppError('PROJECT_ACCESS_DENIED');
          projectName = membership.projectName;
        }
        for (const old of await store.revokeSame(actor.memberIdx, projectIdx, at))
          await ctx.audit.record(tx, entry('account.calendar_revoked', actor.memberIdx, old, projectName));
        if ((await store.countLive(actor.memberIdx)) >= CALENDAR_FEEDS_PER_MEMBER)
          throw new AppError('CALENDAR_FEED_LIMIT_REACHED', { max: CALENDAR_FEEDS_PER_MEMBER });
        const made = await store.insert({
          memberIdx: actor.memberIdx,
          projectIdx,
          secretHash: sha256(secret),
          createdAt: at,
        });
        await ctx.audit.record(tx, entry('account.calendar_created', actor.memberIdx, made, projectName));
        return { ...made, projectName };
      });
      return { feed: toCalendarFeed(row), url: `${base}${API_BASE}${apiPaths.calendarFeed(secret)}` };
    },

    async revoke(actor: Actor, calendarIdx: number): Promise<void> {
      await inTransaction(ctx.database.db, async (tx: Db) => {
        const store = createCalendarRepository(tx);
        const row = await store.revoke(actor.memberIdx, calendarIdx, now());
        if (!row) throw new AppError('CALENDAR_FEED_NOT_FOUND');
        const projectName =
          row.projectIdx === null
            ? null
            : ((await store.memberships(actor.memberIdx, row.projectIdx))[0]?.projectName ?? null);
        await ctx.audit.record(tx, entry('account.calendar_revoked', actor.memberIdx, row, projectName));
      });
    },

    /**
     * The feed of a secret. Unknown, revoked, of a withdrawn member, or of a project its owner no
     * longer belongs to (or that was deleted): 404 CALENDAR_FEED_NOT_FOUND, the same for each.
     */
    async render(secret: string): Promise<RenderedFeed> {
      const found = await repo.findByHash(sha256(secret));
      if (!found || found.feed.revokedAt || found.memberDeletedAt)
        throw new AppError('CALENDAR_FEED_NOT_FOUND');
      const { feed, lang } = found;
      let name: string;
      let events: FeedEvent[];
      if (feed.projectIdx === null) {
        name = feedText(lang)('memberName', { name: found.nickname });
        events = await memberEvents(feed.memberIdx, lang);
      } else {
        const memberships = await repo.memberships(feed.memberIdx, feed.projectIdx);
        if (memberships.length === 0) throw new AppError('CALENDAR_FEED_NOT_FOUND');
        const [due, marks] = await Promise.all([
          repo.storiesDue([feed.projectIdx]),
          repo.milestonesOf([feed.projectIdx]),
        ]);
        name = feedText(lang)('projectName', { project: memberships[0]!.projectName });
        events = [...milestoneEvents(marks, memberships, lang), ...storyEvents(due, memberships, lang)];
      }
      const at = now();
      if (!feed.lastFetchedAt || at.getTime() - feed.lastFetchedAt.getTime() >= FEED_TOUCH_STEP_MS)
        await repo.touch(feed.calendarIdx, at);
      const facts = JSON.stringify([FEED_FORMAT, name, events]);
      return { etag: `"${sha256(facts).slice(0, 32)}"`, body: () => renderCalendar(name, events) };
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
