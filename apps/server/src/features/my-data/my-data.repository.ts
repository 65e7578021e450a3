import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  accessTokens,
  calendarFeeds,
  applications,
  contracts,
  files,
  memberIdentities,
  members,
  membersInProject,
  notificationSettings,
  projects,
  requestComments,
  requests,
  reviewMedias,
  reviews,
  settlements,
  storyComments,
  timekeepings,
  requestColumns,
  memberColumns,
} from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

/** One JSON file of the archive: its name and its rows. */
export interface ArchiveSection {
  name: string;
  rows: unknown;
}

/** A stored file of the member's, as the archive lists and includes it. */
export interface ArchivedFile {
  fileIdx: number;
  projectIdx: number | null;
  originalName: string;
  mime: string;
  size: number;
  storageKey: string;
  createdAt: Date;
}

/**
 * Reads everything of one member for "My data" (issue 30): rows of many modules, read only, so the
 * list of what an archive holds is in one place. Secrets are left out (password hash, login
 * counters, token hashes: an access token is listed by its name, hint and scopes); other members appear by their ids and, where the app shows it, their nickname.
 */
export function createMyDataRepository(db: Db) {
  async function recordsOf(memberIdx: number) {
    return db
      .select({
        memberInProjectIdx: membersInProject.memberInProjectIdx,
        projectIdx: membersInProject.projectIdx,
        projectName: projects.name,
        role: membersInProject.role,
        isAdmin: membersInProject.isAdmin,
        depth1Idx: membersInProject.depth1Idx,
        joinedAt: membersInProject.joinedAt,
        removedAt: membersInProject.removedAt,
      })
      .from(membersInProject)
      .innerJoin(projects, eq(projects.projectIdx, membersInProject.projectIdx))
      .where(eq(membersInProject.memberIdx, memberIdx))
      .orderBy(asc(membersInProject.memberInProjectIdx));
  }

  return {
    /** The archive's JSON files, in order; an inactive (withdrawn) member has none. */
    async sections(memberIdx: number): Promise<ArchiveSection[]> {
      const [member] = await db
        .select(memberColumns)
        .from(members)
        .where(and(eq(members.memberIdx, memberIdx), isNull(members.deletedAt)));
      if (!member) return [];
      const {
        passwordHash: _password,
        failedLogins: _failed,
        lockedAt: _locked,
        career,
        ...profile
      } = member;
      const records = await recordsOf(memberIdx);
      const mips = records.map((r) => r.memberInProjectIdx);
      const ofMine = <T>(read: (ids: number[]) => Promise<T[]>) =>
        mips.length === 0 ? Promise.resolve([] as T[]) : read(mips);
      const reviewer = alias(members, 'reviewer');
      const reviewed = alias(members, 'reviewed');
      const reviewRows = (where: ReturnType<typeof eq>) =>
        db
          .select({
            reviewIdx: reviews.reviewIdx,
            projectIdx: reviews.projectIdx,
            reviewerIdx: reviews.reviewerIdx,
            reviewerNickname: reviewer.nickname,
            memberIdx: reviews.memberIdx,
            memberNickname: reviewed.nickname,
            rating: reviews.ratingHalves,
            content: reviews.content,
            createdAt: reviews.createdAt,
            updatedAt: reviews.updatedAt,
          })
          .from(reviews)
          .innerJoin(reviewer, eq(reviewer.memberIdx, reviews.reviewerIdx))
          .innerJoin(reviewed, eq(reviewed.memberIdx, reviews.memberIdx))
          .where(where)
          .orderBy(asc(reviews.reviewIdx))
          .then(async (rows) => {
            const idxs = rows.map((r) => r.reviewIdx);
            const medias =
              idxs.length === 0
                ? []
                : await db.select().from(reviewMedias).where(inArray(reviewMedias.reviewIdx, idxs));
            return rows.map((r) => ({
              ...r,
              rating: r.rating / 2,
              mediaFileIdxs: medias.filter((m) => m.reviewIdx === r.reviewIdx).map((m) => m.fileIdx),
            }));
          });

      return [
        { name: 'profile', rows: profile },
        { name: 'careers', rows: career },
        {
          name: 'sign-ins',
          rows: await db
            .select({
              issuer: memberIdentities.issuer,
              email: memberIdentities.email,
              createdAt: memberIdentities.createdAt,
            })
            .from(memberIdentities)
            .where(eq(memberIdentities.memberIdx, memberIdx)),
        },
        { name: 'projects', rows: records },
        {
          name: 'time-entries',
          rows: await ofMine((ids) =>
            db
              .select()
              .from(timekeepings)
              .where(inArray(timekeepings.memberInProjectIdx, ids))
              .orderBy(asc(timekeepings.timekeepingIdx)),
          ),
        },
        {
          name: 'story-comments',
          rows: await ofMine((ids) =>
            db
              .select()
              .from(storyComments)
              .where(inArray(storyComments.memberInProjectIdx, ids))
              .orderBy(asc(storyComments.commentIdx)),
          ),
        },
        {
          name: 'requests',
          rows: await ofMine((ids) =>
            db
              .select(requestColumns)
              .from(requests)
              .where(or(inArray(requests.senderIdx, ids), inArray(requests.receiverIdx, ids)))
              .orderBy(asc(requests.requestIdx)),
          ),
        },
        {
          name: 'request-comments',
          rows: await ofMine((ids) =>
            db
              .select()
              .from(requestComments)
              .where(inArray(requestComments.memberInProjectIdx, ids))
              .orderBy(asc(requestComments.commentIdx)),
          ),
        },
        { name: 'reviews-written', rows: await reviewRows(eq(reviews.reviewerIdx, memberIdx)) },
        { name: 'reviews-received', rows: await reviewRows(eq(reviews.memberIdx, memberIdx)) },
        {
          name: 'contracts',
          rows: await ofMine((ids) =>
            db
              .select()
              .from(contracts)
              .where(inArray(contracts.memberInProjectIdx, ids))
              .orderBy(asc(contracts.contractIdx)),
          ),
        },
        {
          name: 'settlements',
          rows: await ofMine((ids) =>
            db
              .select()
              .from(settlements)
              .where(inArray(settlements.memberInProjectIdx, ids))
              .orderBy(asc(settlements.settlementIdx)),
          ),
        },
        {
          name: 'job-applications',
          rows: await db
            .select()
            .from(applications)
            .where(eq(applications.memberIdx, memberIdx))
            .orderBy(asc(applications.applicationIdx)),
        },
        {
          name: 'access-tokens',
          rows: await db
            .select({
              name: accessTokens.name,
              hint: accessTokens.hint,
              scopes: accessTokens.scopes,
              createdAt: accessTokens.createdAt,
              expiresAt: accessTokens.expiresAt,
              lastUsedAt: accessTokens.lastUsedAt,
              lastUsedIp: accessTokens.lastUsedIp,
              revokedAt: accessTokens.revokedAt,
            })
            .from(accessTokens)
            .where(eq(accessTokens.memberIdx, memberIdx))
            .orderBy(asc(accessTokens.tokenIdx)),
        },
        {
          // Which calendars they subscribed to and when they were read; never the secret or its hash.
          name: 'calendar-feeds',
          rows: await db
            .select({
              projectIdx: calendarFeeds.projectIdx,
              createdAt: calendarFeeds.createdAt,
              lastFetchedAt: calendarFeeds.lastFetchedAt,
              revokedAt: calendarFeeds.revokedAt,
            })
            .from(calendarFeeds)
            .where(eq(calendarFeeds.memberIdx, memberIdx))
            .orderBy(asc(calendarFeeds.calendarIdx)),
        },
        {
          name: 'notification-settings',
          rows: await db
            .select()
            .from(notificationSettings)
            .where(eq(notificationSettings.memberIdx, memberIdx)),
        },
      ];
    },

    /** The live files the member uploaded, in and outside projects, oldest first. */
    async files(memberIdx: number): Promise<ArchivedFile[]> {
      return db
        .select({
          fileIdx: files.fileIdx,
          projectIdx: files.projectIdx,
          originalName: files.originalName,
          mime: files.mime,
          size: files.size,
          storageKey: files.storageKey,
          createdAt: files.createdAt,
        })
        .from(files)
        .where(and(eq(files.uploaderIdx, memberIdx), isNull(files.deletedAt)))
        .orderBy(asc(files.fileIdx));
    },

    /** The member's address and language, for the mail; null once withdrawn. */
    async recipient(memberIdx: number) {
      const [row] = await db
        .select({ email: members.email, lang: members.lang })
        .from(members)
        .where(and(eq(members.memberIdx, memberIdx), isNull(members.deletedAt)));
      return row ?? null;
    },
  };
}
export type MyDataRepository = ReturnType<typeof createMyDataRepository>;
