import { bigint, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { members } from './member.js';

/**
 * An authenticator app (TOTP, RFC 6238) of an account: the secret sealed with SECRET_KEY
 * (AES-256-GCM, like GitHub tokens), usable once confirmed by a first code. `lastStep` is the
 * 30-second step of the last accepted code: a code is accepted once, never replayed in its window.
 */
export const memberTotp = pgTable('member_totp', {
  memberIdx: integer('member_idx')
    .primaryKey()
    .references(() => members.memberIdx),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: ts('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A passkey (WebAuthn credential) of an account: a second factor and a passwordless sign-in. */
export const memberPasskeys = pgTable(
  'member_passkey',
  {
    passkeyIdx: serial('passkey_idx').primaryKey(),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    /** The credential id as base64url (what the browser names it by). */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key as base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for authenticators that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('member_passkey_credential_uq').on(t.credentialId),
    index('member_passkey_member_idx').on(t.memberIdx),
  ],
);

/** One-time recovery codes, stored as an HMAC keyed by SECRET_KEY; `usedAt` set on use. */
export const memberRecoveryCodes = pgTable(
  'member_recovery_code',
  {
    id: serial('id').primaryKey(),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('member_recovery_code_uq').on(t.memberIdx, t.codeHash)],
);

/**
 * Short-lived, single-use server state of a sign-in step, keyed by the SHA-256 of a random token:
 * `second-factor` (the password was right, the factor is next), `passkey-login` (a passwordless
 * sign-in's WebAuthn challenge), `passkey-register` and `step-up` (a signed-in member's WebAuthn
 * challenge). `webauthnChallenge` is the challenge the browser must sign.
 */
export const signInChallenges = pgTable(
  'sign_in_challenge',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').$type<'second-factor' | 'passkey-login' | 'passkey-register' | 'step-up'>().notNull(),
    memberIdx: integer('member_idx').references(() => members.memberIdx),
    webauthnChallenge: text('webauthn_challenge'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_challenge_expires_idx').on(t.expiresAt)],
);

/** Wrong second-factor entries, counted per account and per address to answer 429 (never deleted by a success). */
export const secondFactorFailures = pgTable(
  'second_factor_failure',
  {
    id: serial('id').primaryKey(),
    memberIdx: integer('member_idx'),
    ip: text('ip').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('second_factor_failure_member_idx').on(t.memberIdx, t.at),
    index('second_factor_failure_ip_idx').on(t.ip, t.at),
  ],
);
