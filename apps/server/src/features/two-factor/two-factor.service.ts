import { accountEntry } from '../../platform/audit/audit-trail.js';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type {
  PasskeyAttestation,
  PasskeySummary,
  RecoveryCodesResponse,
  TotpSetupResponse,
  TwoFactorStatus,
} from '@teamline/contract';
import type { Db } from '../../infra/db.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { randomToken, sha256 } from '../../shared/crypto.js';
import { inTransaction } from '../../shared/transaction.js';
import type { TokenCipher } from '../github/token-cipher.js';
import type { MemberRepository } from '../account-store/member.repository.js';
import { asOptionsJson, PASSKEY_TIMEOUT_MS } from './passkey-verify.js';
import { newRecoveryCodes, type RecoveryCodeHasher } from './recovery-codes.js';
import type { RelyingParty } from './relying-party.js';
import { SIGN_IN_CHALLENGE_MINUTES } from './sign-in.service.js';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.js';
import { addMinutes } from '../../infra/clock.js';
import {
  createTwoFactorRepository,
  type PasskeyRow,
  type TwoFactorRepository,
} from './two-factor.repository.js';
import type { WrongEntries } from './wrong-entries.js';

export interface TwoFactorDeps {
  ctx: AppContext;
  db: Db;
  repo: TwoFactorRepository;
  memberRepo: MemberRepository;
  authz: Pick<Authorization, 'authorize'>;
  cipher: TokenCipher;
  hashRecoveryCode: RecoveryCodeHasher;
  rp: RelyingParty;
  wrong: WrongEntries;
}

const summary = (p: PasskeyRow): PasskeySummary => ({
  passkeyIdx: p.passkeyIdx,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

/**
 * The factors of one's own account (authenticator app, passkeys, recovery codes) and the project
 * setting "admins and clients must use two-factor". The routes that change factors need a fresh
 * proof (platform/authorization/step-up.ts), so a stolen session cannot swap them.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { ctx, db, repo, memberRepo, authz, cipher, hashRecoveryCode, rp, wrong } = deps;
  const now = () => ctx.clock.now();

  async function requireMember(memberIdx: number) {
    const member = await memberRepo.findActiveById(memberIdx);
    if (!member) throw new AppError('UNAUTHENTICATED');
    return member;
  }

  /** New codes, stored as HMACs; the plain codes are shown once. */
  async function issueRecoveryCodes(store: TwoFactorRepository, memberIdx: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await store.replaceRecoveryCodes(
      memberIdx,
      codes.map((code) => hashRecoveryCode(memberIdx, code)),
      now(),
    );
    return codes;
  }

  /** The first factor brings recovery codes; later ones keep the codes already given. */
  async function codesForNewFactor(store: TwoFactorRepository, memberIdx: number) {
    return (await store.countUnusedRecoveryCodes(memberIdx)) > 0
      ? null
      : issueRecoveryCodes(store, memberIdx);
  }

  /** With no factor left, recovery codes would recover nothing: they go too. */
  async function forgetCodesIfNoFactor(store: TwoFactorRepository, memberIdx: number) {
    const left = await store.factorsOf(memberIdx);
    if (!left.totp && left.passkeys === 0) await store.replaceRecoveryCodes(memberIdx, [], now());
  }

  /** The account's audit record of a factor change, in the change's transaction. */
  const recordAccount = (
    tx: Db,
    memberIdx: number,
    kind: 'account.second_factor_added' | 'account.second_factor_removed' | 'account.recovery_codes_renewed',
    changes: Record<string, unknown> = {},
  ) => ctx.audit.record(tx, accountEntry(kind, memberIdx, { changes }));

  const hasFactor = async (memberIdx: number) => {
    const f = await repo.factorsOf(memberIdx);
    return f.totp || f.passkeys > 0;
  };

  return {
    hasFactor,

    async status(actor: Actor): Promise<TwoFactorStatus> {
      const member = await requireMember(actor.memberIdx);
      const [factors, passkeys] = await Promise.all([
        repo.factorsOf(actor.memberIdx),
        repo.listPasskeys(actor.memberIdx),
      ]);
      return {
        totp: factors.totp,
        passkeys: passkeys.map(summary),
        recoveryCodesLeft: factors.totp || passkeys.length > 0 ? factors.recoveryCodes : 0,
        hasPassword: member.passwordHash !== null,
      };
    },

    /** A new secret for an authenticator app, waiting for its first code. */
    async startTotp(actor: Actor): Promise<TotpSetupResponse> {
      const member = await requireMember(actor.memberIdx);
      const secret = newTotpSecret();
      if (!(await repo.savePendingTotp(actor.memberIdx, cipher.seal(secret), now())))
        throw new AppError('TOTP_ALREADY_ENABLED');
      return { secret, uri: otpauthUri({ secret, account: member.email, issuer: 'Teamline' }) };
    },

    /** The first code proves the app holds the secret; the app becomes a factor. */
    async confirmTotp(actor: Actor, code: string, ip: string): Promise<RecoveryCodesResponse> {
      const row = await repo.findTotp(actor.memberIdx);
      if (!row) throw new AppError('TOTP_SETUP_MISSING');
      if (row.confirmedAt) throw new AppError('TOTP_ALREADY_ENABLED');
      await wrong.check(actor.memberIdx, ip);
      const step = matchTotp(cipher.open(row.secretSealed), code, now());
      if (step === null) return wrong.refuse(actor.memberIdx, ip);
      const recoveryCodes = await inTransaction(db, async (tx) => {
        const store = createTwoFactorRepository(tx);
        if (!(await store.confirmTotp(actor.memberIdx, step, now())))
          throw new AppError('TOTP_SETUP_MISSING');
        await recordAccount(tx, actor.memberIdx, 'account.second_factor_added', { method: 'totp' });
        return codesForNewFactor(store, actor.memberIdx);
      });
      return { recoveryCodes };
    },

    async removeTotp(actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const store = createTwoFactorRepository(tx);
        if (!(await store.deleteTotp(actor.memberIdx))) throw new AppError('TOTP_SETUP_MISSING');
        await forgetCodesIfNoFactor(store, actor.memberIdx);
        await recordAccount(tx, actor.memberIdx, 'account.second_factor_removed', { method: 'totp' });
      });
    },

    /** Ten new codes; the old ones stop working. Only beside a factor. */
    async regenerateRecoveryCodes(actor: Actor): Promise<RecoveryCodesResponse> {
      if (!(await hasFactor(actor.memberIdx))) throw new AppError('FORBIDDEN');
      const recoveryCodes = await inTransaction(db, async (tx) => {
        const codes = await issueRecoveryCodes(createTwoFactorRepository(tx), actor.memberIdx);
        await recordAccount(tx, actor.memberIdx, 'account.recovery_codes_renewed');
        return codes;
      });
      return { recoveryCodes };
    },

    /** Options for `navigator.credentials.create`: a discoverable passkey bound to this site. */
    async passkeyOptions(actor: Actor) {
      const member = await requireMember(actor.memberIdx);
      const existing = await repo.listPasskeys(actor.memberIdx);
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: member.email,
        userDisplayName: member.nickname,
        userID: new TextEncoder().encode(`teamline-member-${member.memberIdx}`),
        timeout: PASSKEY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        // Discoverable and verified, so the same passkey also signs in without a password.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const ticket = randomToken();
      await repo.insertChallenge({
        tokenHash: sha256(ticket),
        kind: 'passkey-register',
        memberIdx: actor.memberIdx,
        webauthnChallenge: options.challenge,
        expiresAt: addMinutes(now(), SIGN_IN_CHALLENGE_MINUTES),
        createdAt: now(),
      });
      return { ticket, options: asOptionsJson(options) };
    },

    async registerPasskey(
      actor: Actor,
      input: { ticket: string; name: string; credential: PasskeyAttestation },
    ): Promise<{ passkey: PasskeySummary; recoveryCodes: string[] | null }> {
      const row = await repo.findLiveChallenge(sha256(input.ticket), ['passkey-register'], now());
      if (!row || row.memberIdx !== actor.memberIdx || !row.webauthnChallenge)
        throw new AppError('PASSKEY_REGISTRATION_FAILED');
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: input.credential,
          expectedChallenge: row.webauthnChallenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: true,
        });
      } catch {
        throw new AppError('PASSKEY_REGISTRATION_FAILED');
      }
      if (!verified.verified) throw new AppError('PASSKEY_REGISTRATION_FAILED');
      const { credential } = verified.registrationInfo;
      return inTransaction(db, async (tx) => {
        const store = createTwoFactorRepository(tx);
        if (!(await store.consumeChallenge(row.id, now()))) throw new AppError('PASSKEY_REGISTRATION_FAILED');
        if (await store.findPasskeyByCredential(credential.id))
          throw new AppError('PASSKEY_REGISTRATION_FAILED');
        const passkey = await store.insertPasskey({
          memberIdx: actor.memberIdx,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? input.credential.response.transports ?? [],
          name: input.name,
          createdAt: now(),
        });
        await recordAccount(tx, actor.memberIdx, 'account.second_factor_added', {
          method: 'passkey',
          name: input.name,
        });
        return { passkey: summary(passkey), recoveryCodes: await codesForNewFactor(store, actor.memberIdx) };
      });
    },

    async removePasskey(actor: Actor, passkeyIdx: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        const store = createTwoFactorRepository(tx);
        if (!(await store.deletePasskey(actor.memberIdx, passkeyIdx)))
          throw new AppError('PASSKEY_NOT_FOUND');
        await forgetCodesIfNoFactor(store, actor.memberIdx);
        await recordAccount(tx, actor.memberIdx, 'account.second_factor_removed', { method: 'passkey' });
      });
    },

    /** The project setting, for any member (the settings screen shows it read-only to others). */
    async projectSetting(actor: Actor, projectIdx: number) {
      await authz.authorize(actor, 'project.view', projectIdx);
      return { required: await repo.projectRequiresTwoFactor(projectIdx) };
    },

    /** Admins turn it on or off; turning it on needs a factor of one's own (nobody locks themselves out). */
    async setProjectSetting(actor: Actor, projectIdx: number, required: boolean) {
      await authz.authorize(actor, 'project.update', projectIdx);
      if (required && !(await hasFactor(actor.memberIdx))) throw new AppError('TWO_FACTOR_REQUIRED');
      await inTransaction(db, async (tx) => {
        const store = createTwoFactorRepository(tx);
        const before = await store.projectRequiresTwoFactor(projectIdx);
        if (before === required) return;
        await store.setProjectRequiresTwoFactor(projectIdx, required);
        await ctx.audit.record(tx, {
          kind: 'project.two_factor_changed',
          projectIdx,
          changes: { twoFactorRequired: { from: before, to: required } },
        });
      });
      return { required };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
