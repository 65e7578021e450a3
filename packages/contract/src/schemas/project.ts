import { z } from 'zod';
import { projectRoles, projectStatuses } from '../constants.js';
import { projectActions } from '../rules/authorization.js';
import { dateCode, idx, singleLine } from './common.js';

export const createProjectRequest = z
  .object({
    name: singleLine().trim().min(1, 'required').max(100, 'projectNameLength'),
    startDt: dateCode.nullable().optional(),
    endDt: dateCode.nullable().optional(),
    /** true: the creator takes the client side (a client member with admin authority). */
    isClient: z.boolean(),
  })
  .refine((p) => !p.startDt || !p.endDt || p.endDt >= p.startDt, {
    message: 'endBeforeStart',
    path: ['endDt'],
  });
export type CreateProjectRequest = z.input<typeof createProjectRequest>;

/** One entry of `GET /project/list-of-member` (docs/product/projects-and-membership.md#projects). */
export const projectOfMember = z.object({
  projectIdx: z.number().int(),
  name: z.string(),
  status: z.enum(projectStatuses),
  totalMember: z.number().int(),
  sheets: z.number().int(),
  isClient: z.boolean(),
  isAdmin: z.boolean(),
  isWarningSubscription: z.boolean(),
  startDt: z.string().nullable(),
  endDt: z.string().nullable(),
  createdAt: z.string(),
  createdByIdx: z.number().int(),
  updatedAt: z.string(),
  updatedByIdx: z.number().int().nullable(),
  delYn: z.enum(['Y', 'N']),
  deletedAt: z.string().nullable(),
  deletedByIdx: z.number().int().nullable(),
  companyInProject: z.string().nullable(),
});
export type ProjectOfMember = z.infer<typeof projectOfMember>;

export const projectRole = z.enum(projectRoles);

/** `GET /project/{projectIdx}/roles`: the first role is the current one (docs/product/projects-and-membership.md#roles). */
export const projectRolesResponse = z.object({
  roles: z.array(z.object({ role: z.object({ name: projectRole }) })),
  memberInProjectIdx: z.number().int(),
  depth1Idx: z.number().int().nullable(),
  /** Admin authority (the settings' authority flag, or role admin). */
  isAdmin: z.boolean(),
  /** Actions the caller may take in this project (rules/authorization.ts); the web hides the rest. */
  abilities: z.array(z.enum(projectActions)),
});
export type ProjectRolesResponse = z.infer<typeof projectRolesResponse>;

export const projectIdxParams = z.object({ projectIdx: idx });
