import { satisfiesRule, type AuthorizationSubject, type ProjectAction } from './authorization.js';

/** A second factor proven this long ago is still good for the sensitive calls (step-up). */
export const STEP_UP_MAX_AGE_MINUTES = 10;
/** Wrong second-factor entries per account (and, 4×, per address) in one window before 429. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_FAILURE_WINDOW_MINUTES = 15;
/** How many one-time recovery codes an account gets. */
export const RECOVERY_CODE_COUNT = 10;

/** The ways to prove a second factor (at sign-in and step-up); `password` only for accounts without one. */
export const secondFactorMethods = ['totp', 'passkey', 'recovery', 'password'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/**
 * Who a project's "admins and clients must use two-factor" setting binds: the people who approve
 * and pay — the client role and admin authority (role admin or the isAdmin flag).
 */
export const mustUseTwoFactor = (m: AuthorizationSubject): boolean => satisfiesRule(m, 'adminOrClient');

/** What a member bound by the setting may still do without a factor: leave the project. */
export const twoFactorExemptActions: readonly ProjectAction[] = ['member.leave'];
