import {
  DOCUMENT_CONTENT_MAX_BYTES,
  emptyEditorDocument,
  type DocumentCreateRequest,
  type DocumentDetail,
  type DocumentPublicLink,
  type DocumentUpdateRequest,
  type DocumentVersionDetail,
  type DocumentVersionItem,
  type EditorNode,
  type PublicDocument,
} from '@teamline/contract';
import { isDeepStrictEqual } from 'node:util';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { randomToken, sha256 } from '../../shared/crypto.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { AuditEntry } from '../../platform/audit/audit-trail.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { MembershipRow, MembershipPort } from '../membership/membership.port.js';
import type { FileService } from '../file/file.service.js';
import { createDocumentAccess } from './document.access.js';
import type { DocumentRepository, DocumentRow } from './document.repository.js';
import { checkedContent, servedContent } from './content-rules.js';
import { imageFilesOf, withImageUrls } from './document-images.js';
import { contentIntoState, stateOf } from './editor-schema.js';
import { plainTextOf } from './editor-text.js';
import { markdownDocument } from './markdown.js';
import { shareOf, summaryOf } from './document.presenter.js';

/** A save starts a new version after this long, or when someone else saves. */
export const VERSION_SPELL_MS = 5 * 60 * 1000;

const iso = (d: Date) => d.toISOString();

/**
 * Live co-editing sessions (collaboration.ts) hear of what changes outside them: content saved over
 * REST goes into the live document, and a change of who may see or edit closes its connections so
 * each one authenticates again.
 */
export interface LiveSessions {
  contentReplaced(documentIdx: number, content: EditorNode): Promise<void>;
  accessChanged(documentIdx: number): void;
  /** Whether a live session holds the document now. */
  isOpen(documentIdx: number): boolean;
}
const noLiveSessions: LiveSessions = {
  contentReplaced: async () => undefined,
  accessChanged: () => undefined,
  isOpen: () => false,
};

function checkSize(content: EditorNode) {
  if (Buffer.byteLength(JSON.stringify(content)) > DOCUMENT_CONTENT_MAX_BYTES)
    throw new AppError('DOCUMENT_TOO_LARGE');
}

/** A public link made or revoked: who opened the document to anyone with the address, or closed it. */
const publicLinkRecord = (
  kind: 'document.link_created' | 'document.link_revoked',
  row: { documentIdx: number; projectIdx: number; title: string },
): AuditEntry => ({
  kind,
  projectIdx: row.projectIdx,
  target: { type: 'document', idx: row.documentIdx },
  changes: { title: row.title },
});

export function createDocumentService(
  ctx: AppContext,
  deps: {
    repo: DocumentRepository;
    files: Pick<FileService, 'findStored'>;
    /** Signed addresses of a document's image files, for readers outside the app. */
    fileUrls: Pick<FileService, 'signedUrlsInProject'>;
    memberships: MembershipPort;
    authz: Authorization<MembershipRow>;
    transaction: UnitOfWork<DocumentRepository>;
  },
) {
  const { repo, authz, transaction } = deps;
  const access = createDocumentAccess(repo, authz);
  let liveSessions = noLiveSessions;

  async function live(documentIdx: number) {
    const row = await repo.find(documentIdx);
    if (!row || row.deletedAt) throw new AppError('DOCUMENT_NOT_FOUND');
    return row;
  }

  async function folderIn(projectIdx: number, folderIdx: number | null | undefined) {
    if (folderIdx == null) return null;
    const folder = await repo.findFolder(folderIdx);
    if (!folder || folder.projectIdx !== projectIdx || folder.deletedAt)
      throw new AppError('FOLDER_NOT_FOUND');
    return folder.folderIdx;
  }

  /**
   * The content with its image files as signed addresses (10 minutes), for a reader without a key;
   * `absolute` for a file read away from the app (an export), which needs the server's address too.
   */
  async function readableOutside(row: Pick<DocumentRow, 'projectIdx' | 'content'>, absolute = false) {
    const content = servedContent(row.content);
    const fileIdxs = imageFilesOf(content);
    if (fileIdxs.size === 0) return content;
    const urls = await deps.fileUrls.signedUrlsInProject(row.projectIdx, fileIdxs);
    if (absolute) for (const [fileIdx, url] of urls) urls.set(fileIdx, `${ctx.config.publicUrl}${url}`);
    return withImageUrls(content, urls);
  }

  /** Writes the version list: the latest spell is updated in place, a new spell gets a new number. */
  async function recordVersion(r: DocumentRepository, saved: DocumentRow, actor: Actor) {
    const latest = await r.latestVersion(saved.documentIdx);
    const now = ctx.clock.now();
    const snapshot = { title: saved.title, content: saved.content, text: saved.text, savedAt: now };
    if (
      latest &&
      latest.savedByIdx === actor.memberIdx &&
      now.getTime() - latest.startedAt.getTime() < VERSION_SPELL_MS
    )
      await r.updateVersion(latest.documentVersionIdx, { ...snapshot, versionNo: saved.version });
    else
      await r.insertVersion({
        ...snapshot,
        documentIdx: saved.documentIdx,
        versionNo: saved.version,
        savedByIdx: actor.memberIdx,
        startedAt: now,
      });
  }

  async function detailOf(actor: Actor, row: Awaited<ReturnType<typeof live>>): Promise<DocumentDetail> {
    const shares = await repo.sharesOf(row.documentIdx);
    const { can } = await access.of(actor, row, shares);
    return {
      ...summaryOf(row, can),
      content: servedContent(row.content),
      text: row.text,
      shares: can.share ? shares.map(shareOf) : [],
      hasPublicLink: can.share ? await repo.hasPublicLink(row.documentIdx) : false,
    };
  }

  return {
    /** collaboration.ts registers the live sessions once, at start-up. */
    attachLiveSessions(sessions: LiveSessions) {
      liveSessions = sessions;
    },

    async list(actor: Actor, query: { projectIdx: number; folderIdx?: number; q?: string }) {
      const membership = await authz.authorize(actor, 'document.view', query.projectIdx);
      const seesPrivate = authz.allows(membership, 'document.share', {
        projectIdx: query.projectIdx,
        owners: [],
      });
      const folderAccess = await repo.folderAccessOf(query.projectIdx, actor.memberIdx);
      const rows = await repo.list(
        query.projectIdx,
        { memberIdx: actor.memberIdx, seesPrivate, sharedFolderIdxs: [...folderAccess.keys()] },
        query,
      );
      const can = await access.ofList(actor, membership, rows, folderAccess);
      const documents = rows.flatMap((row, i) => (can[i] ? [summaryOf(row, can[i], query.q)] : []));
      return { documents };
    },

    async get(actor: Actor, documentIdx: number): Promise<DocumentDetail> {
      return detailOf(actor, await live(documentIdx));
    },

    /** Also what other modules call (AI documents): the caller must be allowed to write documents. */
    async createDocument(
      actor: Actor,
      input: DocumentCreateRequest & { aiType?: string | null },
    ): Promise<DocumentDetail> {
      // Whoever writes documents adds them anywhere; an edit share of a folder lets its member add there.
      const membership = await authz.authorize(actor, 'document.view', input.projectIdx);
      const folderIdx = await folderIn(input.projectIdx, input.folderIdx);
      // The folder shares are read only for someone the table alone refuses (a client).
      if (!authz.allows(membership, 'document.edit')) {
        const viaFolder =
          folderIdx === null
            ? undefined
            : (await repo.folderAccessOf(input.projectIdx, actor.memberIdx)).get(folderIdx);
        if (viaFolder !== 'edit') authz.decide(membership, 'document.edit');
      }
      let fileIdx: number | null = null;
      if (input.fileIdx !== undefined) {
        const file = await deps.files.findStored(input.fileIdx);
        if (!file || file.projectIdx !== input.projectIdx) throw new AppError('FILE_NOT_FOUND');
        fileIdx = file.fileIdx;
      }
      if (input.content) checkSize(input.content);
      // Only what the editor's schema knows, with unsafe addresses taken out (content-rules.ts).
      const content = checkedContent(input.content ?? emptyEditorDocument);
      const created = await transaction(async (r) => {
        const row = await r.insert({
          projectIdx: input.projectIdx,
          folderIdx,
          title: input.title,
          kind: fileIdx ? 'file' : 'page',
          fileIdx,
          aiType: input.aiType ?? null,
          visibility: input.visibility ?? 'project',
          content,
          text: plainTextOf(content),
          // Pages only: a file document is never edited live.
          ydoc: fileIdx ? null : stateOf(content),
          createdByIdx: actor.memberIdx,
          updatedByIdx: actor.memberIdx,
        });
        await recordVersion(r, row, actor);
        return row;
      });
      return detailOf(actor, await live(created.documentIdx));
    },

    async update(actor: Actor, documentIdx: number, input: DocumentUpdateRequest): Promise<DocumentDetail> {
      const row = await live(documentIdx);
      const { can } = await access.toEdit(actor, row);
      if (input.visibility !== undefined && input.visibility !== row.visibility && !can.share)
        await access.toManage(actor, row);
      const folderIdx =
        input.folderIdx === undefined ? undefined : await folderIn(row.projectIdx, input.folderIdx);
      if (input.content) checkSize(input.content);
      if (input.content && row.kind === 'file') throw new AppError('VALIDATION_FAILED');
      const content = input.content ? checkedContent(input.content) : undefined;
      const madePrivate = input.visibility === 'private' && row.visibility !== 'private';
      const saved = await transaction(async (r) => {
        const next = await r.save(
          documentIdx,
          {
            title: input.title,
            folderIdx,
            visibility: input.visibility,
            ...(content
              ? {
                  content,
                  text: plainTextOf(content),
                  // The live state follows (as a diff), so it stays the one every opening starts from.
                  ydoc: row.ydoc ? contentIntoState(row.ydoc, content) : stateOf(content),
                }
              : {}),
            updatedByIdx: actor.memberIdx,
            updatedAt: ctx.clock.now(),
          },
          input.baseVersion,
        );
        if (!next) throw new AppError('DOCUMENT_VERSION_CONFLICT');
        if (content || input.title) await recordVersion(r, next, actor);
        // Private means the people it is shared with: a public link made before stops working.
        if (madePrivate) await r.deletePublicLink(documentIdx);
        return next;
      });
      if (content) await liveSessions.contentReplaced(documentIdx, saved.content);
      if (input.visibility !== undefined && input.visibility !== row.visibility)
        liveSessions.accessChanged(documentIdx);
      return detailOf(actor, { ...row, ...saved });
    },

    /**
     * The stored content made safe without a new version (content-rules.ts on documents stored
     * before the rules, `content-cleanup.job.ts`): written only while the document is still at
     * `version`, since a save meanwhile went through the rules itself. Whether it wrote.
     */
    async replaceCleanContent(
      documentIdx: number,
      version: number,
      input: { content: EditorNode; ydoc: string | null },
      /** Only while the stored live state is still this one (the job, beside live sessions). */
      ydocWas?: string | null,
    ): Promise<boolean> {
      return repo.replaceContentAt(
        documentIdx,
        version,
        { content: input.content, text: plainTextOf(input.content), ydoc: input.ydoc },
        ydocWas,
      );
    },

    async remove(actor: Actor, documentIdx: number) {
      const row = await live(documentIdx);
      await access.toManage(actor, row);
      await repo.setDeleted(documentIdx, ctx.clock.now());
      liveSessions.accessChanged(documentIdx);
    },

    /** Undo of a delete: takes the document out of the bin (into the top level if its folder is gone). */
    async restore(actor: Actor, documentIdx: number): Promise<DocumentDetail> {
      const row = await repo.find(documentIdx);
      if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
      await access.toManage(actor, row);
      if (row.deletedAt) {
        const folder = row.folderIdx ? await repo.findFolder(row.folderIdx) : null;
        await transaction(async (r) => {
          await r.setDeleted(documentIdx, null);
          if (folder?.deletedAt) await r.save(documentIdx, { folderIdx: null });
        });
      }
      return detailOf(actor, await live(documentIdx));
    },

    async versions(actor: Actor, documentIdx: number): Promise<{ versions: DocumentVersionItem[] }> {
      const row = await live(documentIdx);
      await access.of(actor, row);
      const versions = await repo.versionsOf(documentIdx);
      return { versions: versions.map((v) => ({ ...v, savedAt: iso(v.savedAt) })) };
    },

    async version(actor: Actor, documentIdx: number, versionNo: number): Promise<DocumentVersionDetail> {
      const row = await live(documentIdx);
      await access.of(actor, row);
      const v = await repo.findVersion(documentIdx, versionNo);
      if (!v) throw new AppError('DOCUMENT_VERSION_NOT_FOUND');
      return {
        versionNo: v.versionNo,
        title: v.title,
        savedByIdx: v.savedByIdx,
        savedAt: iso(v.savedAt),
        content: servedContent(v.content),
        text: v.text,
      };
    },

    async exportMarkdown(actor: Actor, documentIdx: number): Promise<{ fileName: string; body: string }> {
      const row = await live(documentIdx);
      await access.of(actor, row);
      const body = markdownDocument(row.title, await readableOutside(row, true));
      return { fileName: `${row.title.replace(/[\\/:*?"<>|]+/g, '_')}.md`, body };
    },

    async share(actor: Actor, documentIdx: number, input: { memberIdx: number; access: 'view' | 'edit' }) {
      const row = await live(documentIdx);
      await access.toManage(actor, row);
      const member = await deps.memberships.findMembership(row.projectIdx, input.memberIdx);
      if (!member) throw new AppError('MEMBER_NOT_FOUND');
      const share = await repo.upsertShare({ documentIdx, memberIdx: input.memberIdx, access: input.access });
      liveSessions.accessChanged(documentIdx);
      return shareOf(share);
    },

    async unshare(actor: Actor, shareIdx: number) {
      const share = await repo.findShare(shareIdx);
      if (!share) throw new AppError('DOCUMENT_SHARE_NOT_FOUND');
      const row = await repo.find(share.documentIdx);
      if (!row) throw new AppError('DOCUMENT_SHARE_NOT_FOUND');
      // A stranger learns nothing about the share id: its own "not found".
      await authz.authorize(actor, 'document.view', {
        projectIdx: row.projectIdx,
        missing: 'DOCUMENT_SHARE_NOT_FOUND',
      });
      await access.toManage(actor, row);
      await repo.deleteShare(shareIdx);
      liveSessions.accessChanged(row.documentIdx);
    },

    /** A new read-only link (an earlier one stops working); only its hash is stored. */
    async createPublicLink(actor: Actor, documentIdx: number): Promise<DocumentPublicLink> {
      const row = await live(documentIdx);
      await access.toManage(actor, row);
      if (row.visibility === 'private') throw new AppError('DOCUMENT_PRIVATE');
      const token = randomToken();
      const createdAt = ctx.clock.now();
      await transaction(async (r) => {
        await r.setPublicLink({
          documentIdx,
          tokenHash: sha256(token),
          createdByIdx: actor.memberIdx,
          createdAt,
        });
        r.audit.record(publicLinkRecord('document.link_created', row));
      });
      return { token, url: `${ctx.config.publicUrl}/#/public/document/${token}`, createdAt: iso(createdAt) };
    },

    async revokePublicLink(actor: Actor, documentIdx: number) {
      const row = await live(documentIdx);
      await access.toManage(actor, row);
      await transaction(async (r) => {
        await r.deletePublicLink(documentIdx);
        r.audit.record(publicLinkRecord('document.link_revoked', row));
      });
    },

    /** Whether someone edits the document live now (on this instance). */
    isLive(documentIdx: number) {
      return liveSessions.isOpen(documentIdx);
    },

    /** A folder's shares changed: the live sessions of the documents below it authenticate again. */
    accessChanged(documentIdxs: number[]) {
      for (const documentIdx of documentIdxs) liveSessions.accessChanged(documentIdx);
    },

    /** Live co-editing: what the caller may do (refused like GET when they may not see it). */
    async collabAccess(actor: Actor, documentIdx: number) {
      const row = await repo.findHead(documentIdx);
      if (!row || row.deletedAt || row.kind !== 'page') throw new AppError('DOCUMENT_NOT_FOUND');
      return (await access.of(actor, row)).can;
    },

    /** The stored live state (Yjs update, base64) or, before any live session, the editor JSON. */
    async collabState(documentIdx: number) {
      const row = await repo.findCollabState(documentIdx);
      if (!row || row.deletedAt) throw new AppError('DOCUMENT_NOT_FOUND');
      return row;
    },

    /**
     * The live state first built from the stored JSON, kept so the next opening decodes it instead of
     * building it again; only while nothing was saved meanwhile (`version`, and no state yet).
     */
    async seedCollabState(documentIdx: number, version: number, ydoc: string): Promise<boolean> {
      return repo.seedYdoc(documentIdx, version, ydoc);
    },

    /** The live state after the server itself replaced the content (a REST save): the JSON is stored. */
    async saveCollabState(documentIdx: number, ydoc: string) {
      await live(documentIdx);
      await repo.setYdoc(documentIdx, ydoc);
    },

    /** What a live session typed: stored with its Yjs state, text and a new version. */
    async saveCollab(actor: Actor, documentIdx: number, input: { ydoc: string; content: EditorNode }) {
      const row = await live(documentIdx);
      if (!(await access.of(actor, row)).can.edit) return;
      checkSize(input.content);
      // Compared as values: jsonb hands keys back in its own order, so their text would always differ.
      const unchanged = isDeepStrictEqual(input.content, row.content);
      await transaction(async (r) => {
        if (unchanged) {
          await r.setYdoc(documentIdx, input.ydoc);
          return;
        }
        const saved = await r.save(documentIdx, {
          content: input.content,
          text: plainTextOf(input.content),
          ydoc: input.ydoc,
          updatedByIdx: actor.memberIdx,
          updatedAt: ctx.clock.now(),
        });
        if (saved) await recordVersion(r, saved, actor);
      });
    },

    /** No sign-in: the token alone opens this one document, read-only. */
    async publicDocument(token: string): Promise<PublicDocument> {
      const row = await repo.documentOfToken(sha256(token));
      // A private document has no public link (a link made before it became private is gone too).
      if (!row || row.deletedAt || row.visibility === 'private') throw new AppError('DOCUMENT_LINK_INVALID');
      return { title: row.title, content: await readableOutside(row), updatedAt: iso(row.updatedAt) };
    },
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;
