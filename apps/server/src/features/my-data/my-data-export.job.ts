import { fileSizeMb, formatDay, MEMBER_EXPORT_KEEP_DAYS } from '@teamline/contract';
import { addDays } from '../../infra/clock.js';
import { renderMail } from '../../infra/mail.js';
import { defineJob } from '../../platform/jobs/job.types.js';
import type { AppContext } from '../../shared/context.js';
import type { MemberExportRepository } from './member-export.repository.js';
import { writeArchive } from './my-data.archive.js';
import type { MyDataRepository } from './my-data.repository.js';
import { MY_DATA_EXPORT_JOB, type ExportJobData } from './my-data.service.js';

const RETRY_LIMIT = 3;

/**
 * Builds one member's archive (`my-data.archive.ts`) into storage, moving its progress, then marks
 * it ready and queues the mail — after the ready state committed, so no mail names an archive that
 * is not there. An attempt that throws is retried from the start (a half-written archive is a
 * temporary file its failure deleted); after the last the archive is failed and the member may ask
 * again. This is the one place an export is made (the line an audit log adds).
 */
export const myDataExportJob = (
  ctx: AppContext,
  exportsRepo: MemberExportRepository,
  data: MyDataRepository,
) =>
  defineJob<ExportJobData>({
    name: MY_DATA_EXPORT_JOB,
    options: { retryLimit: RETRY_LIMIT, retryDelay: 30, expireInSeconds: 3600, policy: 'exclusive' },
    async handler({ data: { exportIdx, memberIdx }, retryCount }) {
      if (!(await exportsRepo.start(exportIdx, ctx.clock.now()))) return { skipped: 'not queued' };
      try {
        const sections = await data.sections(memberIdx);
        if (sections.length === 0) {
          await exportsRepo.fail(exportIdx, ctx.clock.now());
          return { skipped: 'member withdrawn' };
        }
        let reported = 0;
        let writing = Promise.resolve();
        const { storageKey, size } = await writeArchive(
          ctx.storage,
          sections,
          await data.files(memberIdx),
          (percent) => {
            if (percent <= reported) return;
            reported = percent;
            // In order, one at a time; a lost progress write only makes the bar lag.
            writing = writing
              .then(() => exportsRepo.progress(exportIdx, percent, ctx.clock.now()))
              .catch(() => undefined);
          },
        );
        await writing;
        const at = ctx.clock.now();
        const expiresAt = addDays(at, MEMBER_EXPORT_KEEP_DAYS);
        if (!(await exportsRepo.ready(exportIdx, { storageKey, size, at, expiresAt }))) {
          // The member withdrew while it was written: the archive is not theirs to keep.
          await ctx.storage.remove(storageKey);
          return { skipped: 'no longer running' };
        }
        const to = await data.recipient(memberIdx);
        if (to) {
          const day = {
            y: expiresAt.getUTCFullYear(),
            m: expiresAt.getUTCMonth() + 1,
            d: expiresAt.getUTCDate(),
          };
          await ctx.mailer.send(
            renderMail('myDataReady', to.lang, to.email, `${ctx.config.publicUrl}/#/profile`, {
              size: `${fileSizeMb(size, 1)} MB`,
              date: formatDay(day, to.lang),
            }),
          );
        }
        return { size };
      } catch (error) {
        if (retryCount >= RETRY_LIMIT) await exportsRepo.fail(exportIdx, ctx.clock.now());
        throw error;
      }
    },
  });
