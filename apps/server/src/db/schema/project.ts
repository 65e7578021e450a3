import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './member.js';
import { ts } from './columns.js';

export const projects = pgTable('project', {
  projectIdx: serial('project_idx').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: text('status').$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
  sheets: integer('sheets').notNull().default(0),
  /** The number the project's next story gets (`SHOP-12`); taken with an atomic increment. */
  nextStoryNo: integer('next_story_no').notNull().default(1),
  startDt: text('start_dt'),
  endDt: text('end_dt'),
  companyInProject: text('company_in_project'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdByIdx: integer('created_by_idx').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedByIdx: integer('updated_by_idx'),
  delYn: text('del_yn').$type<'Y' | 'N'>().notNull().default('N'),
  deletedAt: ts('deleted_at'),
  deletedByIdx: integer('deleted_by_idx'),
  /** "Admins and clients must use two-factor" (features/two-factor): authorization refuses them without a factor. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
});

export const membersInProject = pgTable(
  'member_in_project',
  {
    memberInProjectIdx: serial('member_in_project_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    role: text('role').$type<'admin' | 'depth1' | 'depth2' | 'client'>().notNull(),
    /** Administrative authority; a client-side creator is role client with this flag set. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** For depth2: the memberInProjectIdx of their depth1 lead. */
    depth1Idx: integer('depth1_idx'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    removedAt: ts('removed_at'),
  },
  (t) => [
    index('mip_member_idx').on(t.memberIdx),
    uniqueIndex('mip_project_member_uq').on(t.projectIdx, t.memberIdx),
  ],
);

/**
 * An invitation by e-mail to join a project with a role. The token is stored as its SHA-256; a resend
 * replaces the hash (the old link dies). Pending while none of acceptedAt / revokedAt is set.
 */
export const projectInvitations = pgTable(
  'project_invitation',
  {
    inviteIdx: serial('invite_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    email: text('email').notNull(),
    role: text('role').$type<'admin' | 'depth1' | 'depth2' | 'client'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedByIdx: integer('invited_by_idx')
      .notNull()
      .references(() => members.memberIdx),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at').notNull().defaultNow(),
    acceptedAt: ts('accepted_at'),
    acceptedByIdx: integer('accepted_by_idx'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('project_invitation_project_idx').on(t.projectIdx, t.email)],
);
