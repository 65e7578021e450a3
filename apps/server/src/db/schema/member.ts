import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Career } from '@teamline/contract';
import { ts } from './columns.js';

export const members = pgTable(
  'member',
  {
    memberIdx: serial('member_idx').primaryKey(),
    /** The login e-mail (memberId); withdrawn accounts get an anonymised address so it can register again. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name'),
    nickname: text('nickname').notNull(),
    phone: text('phone'),
    birth: text('birth'),
    gender: text('gender').$type<'M' | 'F'>(),
    nationality: text('nationality'),
    colorCode: text('color_code').notNull().default('#00D696'),
    job: text('job'),
    isFree: boolean('is_free'),
    company: text('company'),
    hopePrice: integer('hope_price'),
    career: jsonb('career').$type<Career[]>().notNull().default([]),
    lang: text('lang').$type<'kr' | 'en' | 'vi'>().notNull().default('en'),
    profileFileIdx: integer('profile_file_idx'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedAt: ts('locked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('member_email_uq').on(t.email), index('member_name_phone_idx').on(t.name, t.phone)],
);

/** Single-use e-mail tokens: join links, password-reset links and the verified-join ticket. */
export const emailTokens = pgTable('email_token', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  purpose: text('purpose').$type<'join' | 'password' | 'joinVerified'>().notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One login: every access key and refresh token descends from it and dies with it. */
export const sessionFamilies = pgTable('session_family', {
  familyId: text('family_id').primaryKey(),
  memberIdx: integer('member_idx')
    .notNull()
    .references(() => members.memberIdx),
  createdAt: ts('created_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
});

export const sessionTokens = pgTable(
  'session_token',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id')
      .notNull()
      .references(() => sessionFamilies.familyId),
    kind: text('kind').$type<'access' | 'refresh'>().notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** A refresh token is used once; a second use is theft and revokes the family. */
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('session_token_family_idx').on(t.familyId)],
);
