import { FORMER_MEMBER_NICKNAME, DEFAULT_COLOR_CODE } from '@teamline/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  accessTokens,
  applications,
  calendarFeeds,
  emailTokens,
  memberExports,
  memberIdentities,
  members,
  notifications,
  notificationSettings,
  reviewMedias,
  reviews,
  memberColumns,
} from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import { createFileAttachments, type DeletedFile } from './file-attachment.repository.js';

/** What a withdrawal leaves to do after its commit: files and export archives to delete from storage. */
export interface Erased {
  files: DeletedFile[];
  exportKeys: string[];
}

/**
 * A withdrawal's erasure of personal data, on the withdrawal's transaction (docs/decisions.md
 * "Files and my data" lists what goes and what stays, and why). The one place that touches other
 * modules' rows for it, so the list is read in one file:
 * - the account row becomes a tombstone: no password, an `.invalid` address nobody receives mail
 *   at (so it cannot sign in or be recovered, and the real address can register again), the
 *   former-member nickname, every other personal field empty;
 * - outside sign-ins, pending e-mail tokens, their notifications and notification settings go;
 * - reviews about them go (with their images); reviews they wrote stay, shown by a former member,
 *   without the images (their files);
 * - their applications keep the hiring record but lose the note and the careers copied into them;
 * - their files outside projects (profile image, review images) and their export archives go;
 * - the sessions end (the member service revokes them after this); the personal access tokens are
 *   revoked here, and so are the calendar feed addresses;
 * Kept: project records, time entries, comments, requests, contracts, settlements, payments and the
 * project files they uploaded, which are the project's work and its money records.
 */
export function createMemberErasure(db: Db) {
  return {
    async erase(memberIdx: number, at: Date): Promise<Erased> {
      const [member] = await db
        .select(memberColumns)
        .from(members)
        .where(eq(members.memberIdx, memberIdx))
        .for('update');
      if (!member) return { files: [], exportKeys: [] };
      const attachments = createFileAttachments(db);

      await db.delete(memberIdentities).where(eq(memberIdentities.memberIdx, memberIdx));
      await db
        .update(accessTokens)
        .set({ revokedAt: at })
        .where(and(eq(accessTokens.memberIdx, memberIdx), isNull(accessTokens.revokedAt)));
      await db
        .update(calendarFeeds)
        .set({ revokedAt: at })
        .where(and(eq(calendarFeeds.memberIdx, memberIdx), isNull(calendarFeeds.revokedAt)));
      await db.delete(emailTokens).where(eq(emailTokens.email, member.email));
      await db.delete(notifications).where(eq(notifications.memberIdx, memberIdx));
      await db.delete(notificationSettings).where(eq(notificationSettings.memberIdx, memberIdx));
      await db
        .update(applications)
        .set({ note: '', career: [], updatedAt: at })
        .where(eq(applications.memberIdx, memberIdx));

      // Reviews about them: their images are other members' files, freed unless used elsewhere.
      const received = await db
        .select({ reviewIdx: reviews.reviewIdx })
        .from(reviews)
        .where(eq(reviews.memberIdx, memberIdx));
      const receivedIdxs = received.map((r) => r.reviewIdx);
      const receivedImages =
        receivedIdxs.length === 0
          ? []
          : await db
              .select({ fileIdx: reviewMedias.fileIdx })
              .from(reviewMedias)
              .where(inArray(reviewMedias.reviewIdx, receivedIdxs));
      if (receivedIdxs.length > 0) await db.delete(reviews).where(inArray(reviews.reviewIdx, receivedIdxs));
      const othersImages = await attachments.release(
        receivedImages.map((r) => r.fileIdx),
        'withdrawal',
        at,
      );

      // Reviews they wrote stay; the images on them are their own files and go below.
      await db.execute(
        sql`delete from review_media where file_idx in (select file_idx from file where uploader_idx = ${memberIdx} and project_idx is null)`,
      );

      await db
        .update(members)
        .set({
          email: `withdrawn-${memberIdx}@withdrawn.invalid`,
          passwordHash: null,
          name: null,
          nickname: FORMER_MEMBER_NICKNAME,
          phone: null,
          birth: null,
          gender: null,
          nationality: null,
          colorCode: DEFAULT_COLOR_CODE,
          job: null,
          isFree: null,
          company: null,
          hopePrice: null,
          career: [],
          profileFileIdx: null,
          failedLogins: 0,
          lockedAt: null,
          deletedAt: at,
          updatedAt: at,
        })
        .where(eq(members.memberIdx, memberIdx));

      const ownFiles = await attachments.releaseAllOwn(memberIdx, at);
      // Archives expire at once: their bytes go after the commit, or by the export sweep after a crash.
      const archives = await db
        .update(memberExports)
        .set({ state: 'expired', expiresAt: at, updatedAt: at })
        .where(eq(memberExports.memberIdx, memberIdx))
        .returning({ storageKey: memberExports.storageKey });
      return {
        files: [...othersImages, ...ownFiles],
        exportKeys: archives.flatMap((a) => (a.storageKey ? [a.storageKey] : [])),
      };
    },
  };
}
