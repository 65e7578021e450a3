import { z } from 'zod';
import { idx, unixSecondsText } from './common.js';

/**
 * "My data" (issue 30): an archive of everything of the caller's, built by a durable job. `queued`
 * and `running` are one at a time per member; `ready` is downloadable until `expiresAt`, then
 * `expired`; `failed` after the job's retries ran out.
 */
export const memberExportStates = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type MemberExportState = (typeof memberExportStates)[number];

/**
 * The nickname a withdrawn account keeps: empty, which no person can choose (a nickname needs a
 * character), so every screen can show the translated "former member" instead (`isFormerMember`).
 */
export const FORMER_MEMBER_NICKNAME = '';
export const isFormerMember = (nickname: string | null | undefined): boolean =>
  nickname === FORMER_MEMBER_NICKNAME;

/** How long a ready archive stays downloadable before the sweep deletes it. */
export const MEMBER_EXPORT_KEEP_DAYS = 7;

export const memberExport = z.object({
  exportIdx: z.number().int(),
  state: z.enum(memberExportStates),
  /** 0–100. */
  progress: z.number().int(),
  size: z.number().int().nullable(),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** While ready: a signed address (10 minutes) a plain link can download without the key. */
  downloadUrl: z.string().nullable(),
});
export type MemberExport = z.infer<typeof memberExport>;

/** `GET /member/export`: the caller's newest archive, or none yet. */
export const memberExportStatus = z.object({ export: memberExport.nullable() });
export type MemberExportStatus = z.infer<typeof memberExportStatus>;

/** The signed address of an archive (`GET /member/export/download`): no key, the signature is the permission. */
export const memberExportDownloadQuery = z.object({
  exportIdx: idx,
  expires: unixSecondsText,
  signature: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});
