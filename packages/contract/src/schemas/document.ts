import { z } from 'zod';
import { idx, INT4_MAX, intIn, intInText, singleLine } from './common.js';

/**
 * Documents per project (docs/product/documents-and-ai.md#documents: folders, documents,
 * share, AI documents; a title cannot be empty, issue 15).
 *
 * Folders nest. A document is a rich-text page (the editor's ProseMirror/TipTap JSON, plus its plain
 * text for search) or an uploaded file shown with its type icon. Every member reads the project's
 * documents; professionals (and the author) write them, clients read unless a share gives them edit;
 * a private document is seen only by its author, admin authority and the members it is shared with.
 * The author or admin authority shares, makes a revocable read-only public link, and deletes (undone
 * with `POST /document/{idx}/restore` while the item is in the bin).
 */
export const documentKinds = ['page', 'file'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentVisibilities = ['project', 'private'] as const;
export type DocumentVisibility = (typeof documentVisibilities)[number];
export const documentAccesses = ['view', 'edit'] as const;
export type DocumentAccess = (typeof documentAccesses)[number];

/** The largest editor JSON a save accepts (DOCUMENT_TOO_LARGE beyond it). */
export const DOCUMENT_CONTENT_MAX_BYTES = 2 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 200;
export const FOLDER_NAME_MAX = 100;

/** A ProseMirror node as JSON: `{type, attrs?, content?, marks?, text?}`, checked for shape only. */
export interface EditorNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}
export const editorNode: z.ZodType<EditorNode> = z.lazy(() =>
  z.object({
    type: z.string().max(64),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(editorNode).optional(),
    marks: z
      .array(z.object({ type: z.string().max(64), attrs: z.record(z.string(), z.unknown()).optional() }))
      .optional(),
    text: z.string().optional(),
  }),
);
/**
 * Nodes nested deeper than this are refused: more than any document the editor makes (48 list
 * levels), and the schema's recursion (and the server's checks) stay far from the stack's end.
 */
export const EDITOR_MAX_DEPTH = 100;
/** Whether nodes nest at most `max` deep, walked without recursion (any input, however deep). */
export function editorDepthWithin(value: unknown, max = EDITOR_MAX_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return false;
    const content =
      typeof node === 'object' && node !== null ? (node as { content?: unknown }).content : null;
    if (Array.isArray(content)) for (const child of content as unknown[]) stack.push([child, depth + 1]);
  }
  return true;
}
/**
 * The whole document: a `doc` node. Nesting past EDITOR_MAX_DEPTH is refused before the recursive
 * schema reads it (400 VALIDATION_FAILED on `content`, not a stack overflow).
 */
export const editorDocument = z.preprocess(
  (value) => (editorDepthWithin(value) ? value : null),
  editorNode.refine((node) => node.type === 'doc', 'editorDocument'),
);
export const emptyEditorDocument: EditorNode = { type: 'doc', content: [{ type: 'paragraph' }] };

/**
 * An image in a document is a project file (uploaded with `POST /file`, counted in the project's
 * storage): its `src` is `teamline-file:{fileIdx}`, a name that does not expire. Where it is shown it
 * becomes a short-lived signed address: the editor asks `GET /file/url`, a public link and an export
 * get it from the server. Older documents may still hold embedded `data:` images.
 */
export const DOCUMENT_IMAGE_SCHEME = 'teamline-file:';
export const documentImageSrc = (fileIdx: number): string => `${DOCUMENT_IMAGE_SCHEME}${fileIdx}`;
/** The project file an image `src` names, or null for any other address. */
export function fileIdxOfImageSrc(src: unknown): number | null {
  if (typeof src !== 'string' || !src.startsWith(DOCUMENT_IMAGE_SCHEME)) return null;
  const rest = src.slice(DOCUMENT_IMAGE_SCHEME.length);
  return /^[1-9]\d{0,9}$/.test(rest) ? Number(rest) : null;
}

export const documentTitle = singleLine().trim().min(1, 'required').max(DOCUMENT_TITLE_MAX, 'tooLong');
export const folderName = singleLine().trim().min(1, 'required').max(FOLDER_NAME_MAX, 'tooLong');

/**
 * A folder shared with a member: view or edit on every document in it and below it (private ones
 * too), and with edit, adding documents there. Made by those who manage the folder (its creator,
 * admin authority, the creator's depth1 lead), like a document's share.
 */
export const folderShare = z.object({
  shareIdx: z.number().int(),
  folderIdx: z.number().int(),
  memberIdx: z.number().int(),
  access: z.enum(documentAccesses),
  createdAt: z.string(),
});
export type FolderShare = z.infer<typeof folderShare>;

/** `share`: the caller manages the folder's shares; `addDocument`: they may add documents to it. */
export const folderCan = z.object({ share: z.boolean(), addDocument: z.boolean() });
export type FolderCan = z.infer<typeof folderCan>;

export const folder = z.object({
  folderIdx: z.number().int(),
  projectIdx: z.number().int(),
  parentIdx: z.number().int().nullable(),
  name: z.string(),
  createdByIdx: z.number().int(),
  createdAt: z.string(),
  can: folderCan,
  /** The folder's own shares, for those who manage them (empty for everyone else). */
  shares: z.array(folderShare),
  /** What a share of this folder or one above it gives the caller (null: none). */
  sharedAccess: z.enum(documentAccesses).nullable(),
});
export type Folder = z.infer<typeof folder>;

export const folderListQuery = z.object({ projectIdx: idx });
export const folderListResponse = z.object({ folders: z.array(folder) });
export type FolderListResponse = z.infer<typeof folderListResponse>;
export const folderCreateRequest = z.object({
  projectIdx: idx,
  parentIdx: idx.nullable().optional(),
  name: folderName,
});
export type FolderCreateRequest = z.infer<typeof folderCreateRequest>;
/** Rename, move (`parentIdx`, null = top level) or take it out of the bin (`restore: true`). */
export const folderUpdateRequest = z.object({
  name: folderName.optional(),
  parentIdx: idx.nullable().optional(),
  restore: z.literal(true).optional(),
});
export type FolderUpdateRequest = z.infer<typeof folderUpdateRequest>;

export const documentCan = z.object({ edit: z.boolean(), share: z.boolean(), delete: z.boolean() });
export type DocumentCan = z.infer<typeof documentCan>;

export const documentSummary = z.object({
  documentIdx: z.number().int(),
  projectIdx: z.number().int(),
  folderIdx: z.number().int().nullable(),
  title: z.string(),
  kind: z.enum(documentKinds),
  /** For a file document: the uploaded project file, its name, type and size. */
  fileIdx: z.number().int().nullable(),
  fileName: z.string().nullable(),
  mime: z.string().nullable(),
  size: z.number().int().nullable(),
  /** Set when an AI job wrote the first draft (e.g. `weeklyReport`). */
  aiType: z.string().nullable(),
  visibility: z.enum(documentVisibilities),
  createdByIdx: z.number().int(),
  createdAt: z.string(),
  updatedByIdx: z.number().int(),
  updatedAt: z.string(),
  /** Goes up by one on every save; `PATCH` sends the version it started from. */
  version: z.number().int(),
  /** The start of the text, or the passage around a search match. */
  snippet: z.string(),
  can: documentCan,
});
export type DocumentSummary = z.infer<typeof documentSummary>;

export const documentShare = z.object({
  shareIdx: z.number().int(),
  documentIdx: z.number().int(),
  memberIdx: z.number().int(),
  access: z.enum(documentAccesses),
  createdAt: z.string(),
});
export type DocumentShare = z.infer<typeof documentShare>;

export const documentDetail = documentSummary.extend({
  content: editorNode,
  text: z.string(),
  shares: z.array(documentShare),
  /** Whether a public link is live (its token is shown only when made). */
  hasPublicLink: z.boolean(),
});
export type DocumentDetail = z.infer<typeof documentDetail>;

export const documentListQuery = z.object({
  projectIdx: idx,
  /** Absent: every folder; `0`: the top level only. */
  folderIdx: intInText(0, INT4_MAX).optional(),
  q: singleLine().trim().max(100).optional(),
});
export const documentListResponse = z.object({ documents: z.array(documentSummary) });
export type DocumentListResponse = z.infer<typeof documentListResponse>;

export const documentCreateRequest = z.object({
  projectIdx: idx,
  folderIdx: idx.nullable().optional(),
  title: documentTitle,
  content: editorDocument.optional(),
  /** An uploaded project file (`POST /file`) makes a file document. */
  fileIdx: idx.optional(),
  visibility: z.enum(documentVisibilities).optional(),
});
export type DocumentCreateRequest = z.infer<typeof documentCreateRequest>;

export const documentUpdateRequest = z.object({
  title: documentTitle.optional(),
  folderIdx: idx.nullable().optional(),
  content: editorDocument.optional(),
  visibility: z.enum(documentVisibilities).optional(),
  /** The version the editor started from; a newer stored version answers DOCUMENT_VERSION_CONFLICT. */
  baseVersion: intIn(0, INT4_MAX).optional(),
});
export type DocumentUpdateRequest = z.infer<typeof documentUpdateRequest>;

export const documentVersionItem = z.object({
  versionNo: z.number().int(),
  title: z.string(),
  savedByIdx: z.number().int(),
  savedAt: z.string(),
});
export type DocumentVersionItem = z.infer<typeof documentVersionItem>;
export const documentVersionsResponse = z.object({ versions: z.array(documentVersionItem) });
export type DocumentVersionsResponse = z.infer<typeof documentVersionsResponse>;
export const documentVersionDetail = documentVersionItem.extend({ content: editorNode, text: z.string() });
export type DocumentVersionDetail = z.infer<typeof documentVersionDetail>;

export const documentShareRequest = z.object({ memberIdx: idx, access: z.enum(documentAccesses) });
export type DocumentShareRequest = z.infer<typeof documentShareRequest>;

export const documentPublicLink = z.object({
  token: z.string(),
  /** The web page that shows it without sign-in: `PUBLIC_URL/#/public/document/{token}`. */
  url: z.string(),
  createdAt: z.string(),
});
export type DocumentPublicLink = z.infer<typeof documentPublicLink>;

/** What a public link shows: the document and nothing else (no ids, no members, no project). */
export const publicDocument = z.object({
  title: z.string(),
  content: editorNode,
  updatedAt: z.string(),
});
export type PublicDocument = z.infer<typeof publicDocument>;

export const documentExportFormats = ['md'] as const;
export const documentExportQuery = z.object({ format: z.enum(documentExportFormats).default('md') });
