import { z } from 'zod';
import { projectRoles } from '../constants.js';
import { dateCode, idx, multiLine, singleLine } from './common.js';
import { email } from './member.js';

/**
 * Project settings (issue "Project settings"): general fields, deletion and restore, member
 * management and invitations by e-mail.
 */

/** Days a deleted project stays restorable; afterwards it is excluded for good (docs/permissions.md). */
export const PROJECT_RESTORE_DAYS = 30;
/** Days an invitation link stays valid. */
export const INVITE_TTL_DAYS = 7;
export const PROJECT_DESCRIPTION_MAX = 2000;

export const updateProjectRequest = z
  .object({
    name: singleLine().trim().min(1, 'required').max(100, 'projectNameLength').optional(),
    startDt: dateCode.nullable().optional(),
    endDt: dateCode.nullable().optional(),
    description: multiLine().max(PROJECT_DESCRIPTION_MAX, 'descriptionLength').optional(),
  })
  .refine((p) => !p.startDt || !p.endDt || p.endDt >= p.startDt, {
    message: 'endBeforeStart',
    path: ['endDt'],
  });
export type UpdateProjectRequest = z.infer<typeof updateProjectRequest>;

/** DELETE /project/{projectIdx}: the caller types the project's name to confirm. */
export const deleteProjectRequest = z.object({ confirmName: singleLine().min(1, 'required').max(200) });
export type DeleteProjectRequest = z.infer<typeof deleteProjectRequest>;

/** GET /project/{projectIdx}/settings: the general section. */
export const projectSettings = z.object({
  projectIdx: z.number().int(),
  name: z.string(),
  description: z.string(),
  startDt: z.string().nullable(),
  endDt: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  sheets: z.number().int(),
  totalMember: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSettings = z.infer<typeof projectSettings>;

/** One entry of GET /project/deleted: deleted projects the caller may still restore. */
export const deletedProject = z.object({
  projectIdx: z.number().int(),
  name: z.string(),
  deletedAt: z.string(),
  deletedByIdx: z.number().int().nullable(),
  /** The last moment a restore is accepted. */
  restorableUntil: z.string(),
});
export type DeletedProject = z.infer<typeof deletedProject>;

/** `DELETE /project/{id}`: the project now in the bin. */
export const deletedProjectResponse = z.object({ projectIdx: z.number().int() });
export type DeletedProjectResponse = z.infer<typeof deletedProjectResponse>;

/** PATCH /member-in-project/{memberInProjectIdx} (admin authority). */
export const updateMemberInProjectRequest = z
  .object({
    role: z.enum(projectRoles).optional(),
    /** For depth2 only: the memberInProjectIdx of an active depth1 lead of the same project, or null. */
    depth1Idx: idx.nullable().optional(),
    /** The admin authority setting. */
    isAdmin: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.depth1Idx !== undefined || v.isAdmin !== undefined, {
    message: 'required',
    path: ['role'],
  });
export type UpdateMemberInProjectRequest = z.infer<typeof updateMemberInProjectRequest>;

export const memberInProjectIdxParams = z.object({ memberInProjectIdx: idx });
export const removedMemberResponse = z.object({ memberInProjectIdx: z.number().int() });

// ---------- Invitations ----------

export const inviteStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

export const inviteRequest = z.object({
  projectIdx: idx,
  email,
  role: z.enum(projectRoles),
});
export type InviteRequest = z.infer<typeof inviteRequest>;

export const invitation = z.object({
  inviteIdx: z.number().int(),
  projectIdx: z.number().int(),
  email: z.string(),
  role: z.enum(projectRoles),
  status: z.enum(inviteStatuses),
  invitedByIdx: z.number().int(),
  inviterNickname: z.string(),
  createdAt: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitation>;

export const inviteIdxParams = z.object({ inviteIdx: idx });
export const inviteTokenQuery = z.object({ token: singleLine().min(1).max(200) });
export const inviteAcceptRequest = z.object({ token: singleLine().min(1, 'required').max(200) });

/** GET /member-in-project/invite?token= (no key needed): what the invitation page shows. */
export const invitePreview = z.object({
  projectIdx: z.number().int(),
  projectName: z.string(),
  inviterNickname: z.string(),
  role: z.enum(projectRoles),
  email: z.string(),
  status: z.enum(inviteStatuses),
  expiresAt: z.string(),
});
export type InvitePreview = z.infer<typeof invitePreview>;

/** POST /member-in-project/invite/accept: where the new member lands. */
export const inviteAcceptResponse = z.object({
  projectIdx: z.number().int(),
  memberInProjectIdx: z.number().int(),
  role: z.enum(projectRoles),
  isClient: z.boolean(),
});
export type InviteAcceptResponse = z.infer<typeof inviteAcceptResponse>;
