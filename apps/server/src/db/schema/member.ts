import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Career } from '@teamline/contract';
import { rowColumns, searchForm, ts } from './columns.js';

export type EmailTokenPurpose = 'join' | 'password' | 'signIn' | 'joinVerified';

export const members = pgTable(
  'member',
  {
    memberIdx: serial('member_idx').primaryKey(),
    /** The login e-mail (memberId); withdrawn accounts get an anonymised address so it can register again. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name'),
    nickname: text('nickname').notNull(),
    searchText: searchForm(sql`"nickname" || ' ' || coalesce("name", '')`),
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
    /** Password attempts of unknown browsers since the last success (features/auth/login-throttle.ts). */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** When the latest wait of unknown browsers began; it lasts loginWaitMinutes(failedLogins). */
    lockedAt: ts('locked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('member_email_uq').on(t.email),
    index('member_name_phone_idx').on(t.name, t.phone),
    index('member_search_idx').using('gist', t.searchText.op('gist_trgm_ops')),
  ],
);
/** Its columns without `search_text` (columns.ts `rowColumns`), for every read but search's. */
export const memberColumns = rowColumns(members);

/** Single-use e-mail tokens: join links, password-reset links, sign-in links and the verified-join ticket. */
export const emailTokens = pgTable('email_token', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  purpose: text('purpose').$type<EmailTokenPurpose>().notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One login: every access key and refresh token descends from it and dies with it. */
export const sessionFamilies = pgTable(
  'session_family',
  {
    familyId: text('family_id').primaryKey(),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /**
     * The browser that signed in: SHA-256 of its long-lived device cookie (`teamline_device`), so a
     * sign-in from a browser this account never used can be told apart (the "new browser" mail).
     */
    deviceHash: text('device_hash'),
    /** The User-Agent of the sign-in or the latest refresh (cut to 512 characters), for the devices list. */
    userAgent: text('user_agent'),
    /** The client address as the app sees it (`request.ip`, which honours TRUST_PROXY), at sign-in or refresh. */
    ip: text('ip'),
    /** Written at sign-in, at each refresh and at most every few minutes by use (features/auth/device.ts). */
    lastUsedAt: ts('last_used_at'),
    /**
     * When this login last proved a factor (the sign-in itself, then each step-up): the sensitive
     * calls need it within STEP_UP_SECONDS (features/two-factor). Null: before this column.
     */
    provenAt: ts('proven_at'),
  },
  (t) => [index('session_family_member_idx').on(t.memberIdx)],
);

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
    /**
     * The answer of the rotation that used this refresh token, sealed with a key derived from the
     * token itself (AES-256-GCM), so the same token coming back within the grace gets the same
     * successor on any instance (features/auth/refresh-grace.ts); null once the grace is long over.
     */
    successor: text('successor'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('session_token_family_idx').on(t.familyId)],
);

/**
 * An outside sign-in (OpenID Connect) bound to an account: the issuer and its `sub` name the person,
 * never the e-mail alone (docs/decisions.md "Outside sign-in").
 */
export const memberIdentities = pgTable(
  'member_identity',
  {
    id: serial('id').primaryKey(),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the issuer gave when the identity was bound (information only). */
    email: text('email'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_identity_issuer_subject_uq').on(t.issuer, t.subject),
    index('member_identity_member_idx').on(t.memberIdx),
  ],
);

/**
 * Single-use records of the outside sign-in: `state` (a started authorization: nonce, PKCE verifier,
 * redirect URI; 10 minutes), `pre` (verified claims of a person not yet registered, for the join
 * form; 30 minutes) and `link` (claims waiting for the local password of the account with the same
 * e-mail; 10 minutes). Only a SHA-256 of the token is kept.
 */
export const oauthTickets = pgTable('oauth_ticket', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  kind: text('kind').$type<'state' | 'pre' | 'link'>().notNull(),
  /** state: { nonce, codeVerifier, redirectUri }; pre/link: the claims. */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
