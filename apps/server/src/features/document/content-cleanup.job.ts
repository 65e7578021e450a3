import { defineJob } from '../../platform/jobs/job.types.js';
import { runDataFix, type DataFixRepository } from '../../platform/jobs/data-fix.repository.js';
import { repairedContent } from './content-rules.js';
import type { DocumentRepository } from './document.repository.js';
import type { DocumentService } from './document.service.js';
import { plainTextOf } from './editor-text.js';
import { cleanStored } from './live-content.js';

export const CONTENT_CLEANUP_JOB = 'document.clean-content';
/**
 * The fixes this job runs, named by the content rules' version: rules tightened later take a new
 * name, and stored documents are walked once more.
 */
export const CONTENT_FIXES = { documents: 'document-content-1', versions: 'document-version-content-1' };
const BATCH = 25;

/**
 * Documents stored before the content rules (content-rules.ts) made to follow them, once (issue 30):
 * every document's JSON and Yjs state, then every saved version, in id order with a cursor in
 * `data_fix`, so a crash goes on where it stopped and the finished fix is not queued again.
 * Queued at start-up until done (document.module.ts).
 *
 * A document is rewritten in place (no new version, same author and time), and only while it is
 * still as read: a save meanwhile went through the rules itself, and a document a live session holds
 * was cleaned when that session loaded it (collaboration.ts), so it is left to the session.
 */
export const contentCleanupJob = (deps: {
  repo: DocumentRepository;
  fixes: DataFixRepository;
  documents: Pick<DocumentService, 'isLive' | 'replaceCleanContent'>;
}) =>
  defineJob<Record<string, never>>({
    name: CONTENT_CLEANUP_JOB,
    options: { retryLimit: 10, retryDelay: 60, expireInSeconds: 3_600, policy: 'exclusive' },
    async handler() {
      const { repo, fixes, documents } = deps;
      const cleanedDocuments = await runDataFix(
        fixes,
        CONTENT_FIXES.documents,
        (after) => repo.contentAfter(after, BATCH),
        (row) => row.documentIdx,
        async (row) => {
          if (documents.isLive(row.documentIdx)) return false;
          const clean = cleanStored(row);
          if (!clean.changed) return false;
          return documents.replaceCleanContent(row.documentIdx, row.version, clean, row.ydoc);
        },
      );
      const cleanedVersions = await runDataFix(
        fixes,
        CONTENT_FIXES.versions,
        (after) => repo.versionContentAfter(after, BATCH),
        (row) => row.documentVersionIdx,
        async (row) => {
          const clean = repairedContent(row.content);
          if (clean.changed)
            await repo.setVersionContent(row.documentVersionIdx, clean.content, plainTextOf(clean.content));
          return clean.changed;
        },
      );
      return { documents: cleanedDocuments, versions: cleanedVersions };
    },
  });
