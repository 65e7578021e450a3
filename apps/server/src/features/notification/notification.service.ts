import {
  NOTIFICATION_PAGE_DEFAULT,
  notificationKindNames,
  notificationKinds,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  type NotificationParams,
  type NotificationReadRequest,
  type NotificationReadResponse,
  type NotificationSetting,
  type NotificationSettingRequest,
} from '@teamline/contract';
import type { Actor, AppContext } from '../../shared/context.js';
import { renderDigestMail, renderNoticeMail } from './notification-mail.js';
import { ACCOUNT_SETTING, type NotificationRepository } from './notification.repository.js';
import { toNotification } from './notification.presenter.js';

/** What `notify` needs: who, about which project, which kind with which values, and the once-only key. */
export interface NotifyInput {
  /** Accounts (memberIdx) to tell; duplicates and the actor are dropped. */
  memberIdxs: readonly number[];
  projectIdx: number | null;
  kind: NotificationKind;
  params: NotificationParams;
  /** A path inside the web app (`/timeline/3?selectedStory=7`). */
  link?: string | null;
  /**
   * Once-only key: one notice per (eventIdx, member, kind) however often this is called. A domain
   * event's `eventIdx`, or another id unique for the occurrence within the kind (a delivery, a charge).
   */
  eventIdx: number;
  /** The account (memberIdx) whose action this was: never told of it. Null for the system. */
  actorIdx?: number | null;
}

/** Pushed to one member's sockets (`memberIdx` targeting on the bus). */
export const NOTIFICATION_CREATED = 'notification.created';
export const NOTIFICATION_READ = 'notification.read';

/**
 * Notifications (issue 13): in-app notices, e-mails at once or in the daily digest, and each
 * member's preferences. Only the member reads or marks their notices: every query is by the
 * caller's own memberIdx, so another member's ids match nothing.
 */
export function createNotificationService(ctx: AppContext, repo: NotificationRepository) {
  const now = () => ctx.clock.now();

  async function push(memberIdx: number, type: string, payload: unknown) {
    try {
      // Project 0: not a change of the project (its pages must not refetch); the payload names the project.
      await ctx.pubsub.publish({ type, projectIdx: 0, payload, memberIdx });
    } catch (err) {
      // The notice is stored; the bell catches up on its next fetch.
      ctx.log.warn({ err, memberIdx }, 'notification push failed');
    }
  }

  async function readSettings(actor: Actor): Promise<NotificationSetting> {
    const rows = await repo.settings(actor.memberIdx);
    return {
      digest: rows.find((r) => r.kind === ACCOUNT_SETTING)?.digest ?? false,
      kinds: notificationKindNames.map((kind) => {
        const row = rows.find((r) => r.kind === kind);
        return {
          kind,
          inApp: row?.inApp ?? notificationKinds[kind].inApp,
          email: row?.email ?? notificationKinds[kind].email,
        };
      }),
    };
  }

  return {
    async notify(input: NotifyInput): Promise<Notification[]> {
      const spec = notificationKinds[input.kind];
      const targets = [...new Set(input.memberIdxs)].filter((m) => m !== input.actorIdx);
      if (targets.length === 0) return [];
      const [accounts, settings] = await Promise.all([
        repo.accounts(targets),
        repo.settingsFor(targets, input.kind),
      ]);
      const created: Notification[] = [];
      for (const account of accounts) {
        const own = settings.find((s) => s.memberIdx === account.memberIdx && s.kind === input.kind);
        const digest =
          settings.find((s) => s.memberIdx === account.memberIdx && s.kind === ACCOUNT_SETTING)?.digest ??
          false;
        const inApp = own?.inApp ?? spec.inApp;
        const email = own?.email ?? spec.email;
        if (!inApp && !email) continue;
        const fields = {
          memberIdx: account.memberIdx,
          projectIdx: input.projectIdx,
          kind: input.kind,
          params: input.params,
          link: input.link ?? null,
          eventIdx: input.eventIdx,
          inApp,
          digestPending: email && digest,
          createdAt: now(),
        };
        const inserted = await repo.insertOnce(fields);
        // A repeated call (a redelivered event) finds the first notice; only its missing mail is queued.
        const row = inserted ?? (await repo.findOnce(input.eventIdx, account.memberIdx, input.kind));
        if (!row) continue;
        if (inserted && inApp) {
          const notice = toNotification(inserted);
          created.push(notice);
          await push(account.memberIdx, NOTIFICATION_CREATED, notice);
        }
        if (email && !row.digestPending && !row.mailQueuedAt) {
          await ctx.mailer.send(renderNoticeMail(row, account.lang, account.email, ctx.config.publicUrl));
          await repo.markMailQueued(row.notificationIdx, now());
        }
      }
      return created;
    },

    /** Accounts with admin authority in a project (for the project-wide kinds). */
    adminsOf: (projectIdx: number): Promise<number[]> => repo.membersWhere(projectIdx, 'admins'),

    async list(actor: Actor, query: NotificationListQuery): Promise<NotificationList> {
      const limit = query.limit ?? NOTIFICATION_PAGE_DEFAULT;
      const rows = await repo.page(actor.memberIdx, {
        cursor: query.cursor,
        limit,
        unreadOnly: query.unreadOnly === 'true',
      });
      const items = rows.slice(0, limit).map(toNotification);
      return {
        items,
        unreadCount: await repo.unreadCount(actor.memberIdx),
        nextCursor: rows.length > limit ? items.at(-1)!.notificationIdx : null,
      };
    },

    async markRead(actor: Actor, input: NotificationReadRequest): Promise<NotificationReadResponse> {
      const updated = await repo.markRead(actor.memberIdx, input.all ? 'all' : (input.ids ?? []), now());
      const unreadCount = await repo.unreadCount(actor.memberIdx);
      if (updated > 0) await push(actor.memberIdx, NOTIFICATION_READ, { unreadCount });
      return { updated, unreadCount };
    },

    settings: readSettings,

    async saveSettings(actor: Actor, input: NotificationSettingRequest): Promise<NotificationSetting> {
      const rows = (input.kinds ?? []).map((k) => ({
        memberIdx: actor.memberIdx,
        kind: k.kind,
        inApp: k.inApp,
        email: k.email,
        digest: false,
      }));
      if (input.digest !== undefined)
        rows.push({
          memberIdx: actor.memberIdx,
          kind: ACCOUNT_SETTING,
          inApp: true,
          email: true,
          digest: input.digest,
        });
      // The last entry of a kind wins, as one upsert cannot touch a row twice.
      const unique = [...new Map(rows.map((r) => [r.kind, r])).values()];
      await repo.saveSettings(unique, now());
      return readSettings(actor);
    },

    /**
     * The daily digest: one mail per member with every notice waiting for it, in their language.
     * Each member's notices are cleared as their mail is queued, so a retried job sends no repeat.
     */
    async runDigest(): Promise<{ mailed: number }> {
      let mailed = 0;
      for (const memberIdx of await repo.digestMembers()) {
        const [account] = await repo.accounts([memberIdx]);
        const pending = await repo.digestPending(memberIdx);
        if (account && pending.length > 0) {
          await ctx.mailer.send(renderDigestMail(pending, account.lang, account.email, ctx.config.publicUrl));
          mailed++;
        }
        await repo.clearDigest(
          pending.map((p) => p.notificationIdx),
          now(),
        );
      }
      return { mailed };
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
