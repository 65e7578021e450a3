import type {
  FactorProof,
  IssuedTokens,
  PasskeyAssertion,
  SecondFactorMethod,
  StepUpRequest,
} from '@teamline/contract';
import { addMinutes } from '../../infra/clock.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { randomToken, sha256 } from '../../shared/crypto.js';
import type { AuthService, SignInMethod } from '../auth/auth.service.js';
import type { TokenCipher } from '../github/token-cipher.js';
import type { MemberRepository } from '../account-store/member.repository.js';
import type { SessionClient } from '../session/device-cookie.js';
import { asOptionsJson, assertionOptions, verifyAssertion } from './passkey-verify.js';
import type { RecoveryCodeHasher } from './recovery-codes.js';
import type { RelyingParty } from './relying-party.js';
import { matchTotp } from './totp.js';
import type { ChallengeKind, TwoFactorRepository } from './two-factor.repository.js';
import type { WrongEntries } from './wrong-entries.js';

/** The time between a right password and its second factor (and a passkey prompt's challenge). */
export const SIGN_IN_CHALLENGE_MINUTES = 5;

export interface SignInDeps {
  ctx: AppContext;
  repo: TwoFactorRepository;
  memberRepo: MemberRepository;
  auth: AuthService;
  cipher: TokenCipher;
  hashRecoveryCode: RecoveryCodeHasher;
  rp: RelyingParty;
  wrong: WrongEntries;
}

/**
 * The second step of every sign-in and the step-up of sensitive calls (docs/decisions.md
 * "Two-factor sign-in"). `completeSignIn` is where every way of proving the first factor ends
 * (password, outside sign-in, a mailed sign-in link): an account with a second factor gets a
 * challenge instead of a session.
 */
export function createSignInService(deps: SignInDeps) {
  const { ctx, repo, memberRepo, auth, cipher, hashRecoveryCode, rp, wrong } = deps;
  const now = () => ctx.clock.now();

  /** The factors an account can prove (recovery codes only beside a real factor). */
  async function factorMethods(memberIdx: number): Promise<SecondFactorMethod[]> {
    const f = await repo.factorsOf(memberIdx);
    if (!f.totp && f.passkeys === 0) return [];
    return [
      ...(f.totp ? (['totp'] as const) : []),
      ...(f.passkeys > 0 ? (['passkey'] as const) : []),
      ...(f.recoveryCodes > 0 ? (['recovery'] as const) : []),
    ];
  }

  async function newChallenge(
    kind: ChallengeKind,
    memberIdx: number | null,
    webauthnChallenge: string | null,
  ) {
    // Housekeeping without a job: challenges that expired a day ago go.
    await repo.deleteExpiredChallenges(addMinutes(now(), -24 * 60));
    const token = randomToken();
    await repo.insertChallenge({
      tokenHash: sha256(token),
      kind,
      memberIdx,
      webauthnChallenge,
      expiresAt: addMinutes(now(), SIGN_IN_CHALLENGE_MINUTES),
      createdAt: now(),
    });
    return token;
  }

  async function verifyTotp(memberIdx: number, code: string): Promise<boolean> {
    const row = await repo.findTotp(memberIdx);
    if (!row?.confirmedAt) return false;
    const step = matchTotp(cipher.open(row.secretSealed), code, now());
    // A code is taken once: its step must be later than the last one taken.
    return step !== null && (await repo.useTotpStep(memberIdx, step));
  }

  /**
   * A passkey assertion of this account against the challenge named by `ticket` (a sign-in's or a
   * step-up's). A step-up ticket is used up here; a sign-in's with the sign-in.
   */
  async function verifyPasskey(
    memberIdx: number,
    ticket: string,
    credential: PasskeyAssertion,
  ): Promise<boolean> {
    const row = await repo.findLiveChallenge(sha256(ticket), ['second-factor', 'step-up'], now());
    if (!row || row.memberIdx !== memberIdx || !row.webauthnChallenge) return false;
    const found = await repo.findPasskeyByCredential(credential.id);
    if (!found || found.passkey.memberIdx !== memberIdx) return false;
    const counter = await verifyAssertion(rp, found.passkey, credential, row.webauthnChallenge, false);
    if (counter === null) return false;
    if (row.kind === 'step-up' && !(await repo.consumeChallenge(row.id, now()))) return false;
    await repo.touchPasskey(found.passkey.passkeyIdx, counter, now());
    return true;
  }

  /** One proof of a second factor; a wrong one counts towards the limit and answers SECOND_FACTOR_INVALID. */
  async function proveFactor(memberIdx: number, proof: FactorProof, ip: string) {
    await wrong.check(memberIdx, ip);
    const ok =
      proof.method === 'totp'
        ? await verifyTotp(memberIdx, proof.code)
        : proof.method === 'recovery'
          ? await repo.useRecoveryCode(memberIdx, hashRecoveryCode(memberIdx, proof.code), now())
          : await verifyPasskey(memberIdx, proof.ticket, proof.credential);
    if (!ok) await wrong.refuse(memberIdx, ip);
  }

  /**
   * Runs a sign-in's proof; a wrong code or passkey is recorded as a refused sign-in of the account
   * (the audit log's `account.sign_in_failed`, with the method) before it answers SECOND_FACTOR_INVALID.
   */
  async function recordingRefusal<T>(
    memberIdx: number | null,
    method: SignInMethod,
    proof: () => Promise<T>,
  ): Promise<T> {
    try {
      return await proof();
    } catch (error) {
      if (error instanceof AppError && error.code === 'SECOND_FACTOR_INVALID')
        await auth.recordSignInFailure('SECOND_FACTOR_INVALID', method, { memberIdx });
      throw error;
    }
  }

  async function passkeyChallengeFor(row: { id: number; memberIdx: number | null }) {
    const passkeys = await repo.listPasskeys(row.memberIdx!);
    if (passkeys.length === 0) throw new AppError('PASSKEY_NOT_FOUND');
    const options = await assertionOptions(rp, passkeys);
    await repo.setWebauthnChallenge(row.id, options.challenge);
    return options;
  }

  /** What a login's step-up may be proven with: its factors, else its password, else a new sign-in. */
  async function stepUpMethods(memberIdx: number): Promise<SecondFactorMethod[]> {
    const methods = await factorMethods(memberIdx);
    if (methods.length > 0) return methods;
    const member = await memberRepo.findActiveById(memberIdx);
    return member?.passwordHash ? ['password'] : [];
  }

  return {
    factorMethods,

    /**
     * Where every first factor ends: an account without a second factor gets its session; one with
     * a factor gets 401 SECOND_FACTOR_REQUIRED with a challenge token for `POST /auth/login/second-factor`.
     */
    async completeSignIn(
      memberIdx: number,
      client: SessionClient,
      method: SignInMethod,
    ): Promise<IssuedTokens> {
      const methods = await factorMethods(memberIdx);
      if (methods.length === 0) return auth.startSession(memberIdx, client, method);
      const challengeToken = await newChallenge('second-factor', memberIdx, null);
      throw new AppError('SECOND_FACTOR_REQUIRED', { challengeToken, methods });
    },

    /** `POST /auth/login/second-factor`: the factor after the password; the session once it is right. */
    async finishSignIn(
      input: FactorProof & { challengeToken: string },
      client: SessionClient,
    ): Promise<IssuedTokens> {
      const row = await repo.findLiveChallenge(sha256(input.challengeToken), ['second-factor'], now());
      if (!row?.memberIdx) throw new AppError('SECOND_FACTOR_EXPIRED');
      const memberIdx = row.memberIdx;
      await recordingRefusal(memberIdx, input.method, () => proveFactor(memberIdx, input, client.ip));
      if (!(await repo.consumeChallenge(row.id, now()))) throw new AppError('SECOND_FACTOR_EXPIRED');
      if (!(await memberRepo.findActiveById(row.memberIdx))) throw new AppError('SECOND_FACTOR_EXPIRED');
      return auth.startSession(row.memberIdx, client, input.method);
    },

    /** WebAuthn options for the passkey of a second-factor challenge (the ticket is its token). */
    async signInPasskeyOptions(challengeToken: string) {
      const row = await repo.findLiveChallenge(sha256(challengeToken), ['second-factor'], now());
      if (!row?.memberIdx) throw new AppError('SECOND_FACTOR_EXPIRED');
      return { ticket: challengeToken, options: asOptionsJson(await passkeyChallengeFor(row)) };
    },

    /** Passwordless: options for any passkey of this site (discoverable credentials). */
    async passkeyLoginOptions() {
      const options = await assertionOptions(rp, null);
      const ticket = await newChallenge('passkey-login', null, options.challenge);
      return { ticket, options: asOptionsJson(options) };
    },

    /** Passwordless sign-in: a verified passkey is both factors and starts a session at once. */
    async passkeyLogin(
      ticket: string,
      credential: PasskeyAssertion,
      client: SessionClient,
    ): Promise<IssuedTokens> {
      const { ip } = client;
      const row = await repo.findLiveChallenge(sha256(ticket), ['passkey-login'], now());
      if (!row?.webauthnChallenge) throw new AppError('SECOND_FACTOR_EXPIRED');
      const found = await repo.findPasskeyByCredential(credential.id);
      const memberIdx = found && !found.deletedAt ? found.passkey.memberIdx : null;
      await wrong.check(memberIdx, ip);
      if (!found || memberIdx === null)
        return recordingRefusal(null, 'passkey', () => wrong.refuse(null, ip));
      const counter = await verifyAssertion(rp, found.passkey, credential, row.webauthnChallenge, true);
      if (counter === null) return recordingRefusal(memberIdx, 'passkey', () => wrong.refuse(memberIdx, ip));
      if (!(await repo.consumeChallenge(row.id, now()))) throw new AppError('SECOND_FACTOR_EXPIRED');
      await repo.touchPasskey(found.passkey.passkeyIdx, counter, now());
      return auth.startSession(memberIdx, client, 'passkey');
    },

    stepUpMethods,

    /** Refuses with 403 STEP_UP_REQUIRED when the login's last proof is older than the window. */
    async requireFreshProof(actor: Actor): Promise<void> {
      const provenAt = await repo.provenAt(actor.familyId);
      const freshUntil = provenAt && new Date(provenAt.getTime() + ctx.config.stepUpSeconds * 1000);
      if (freshUntil && freshUntil >= now()) return;
      throw new AppError('STEP_UP_REQUIRED', { methods: await stepUpMethods(actor.memberIdx) });
    },

    /** WebAuthn options for a step-up by passkey. */
    async stepUpPasskeyOptions(actor: Actor) {
      const passkeys = await repo.listPasskeys(actor.memberIdx);
      if (passkeys.length === 0) throw new AppError('PASSKEY_NOT_FOUND');
      const options = await assertionOptions(rp, passkeys);
      const ticket = await newChallenge('step-up', actor.memberIdx, options.challenge);
      return { ticket, options: asOptionsJson(options) };
    },

    /**
     * `POST /auth/step-up`: proves a factor again, so the login counts as proven now. An account
     * with a second factor must use it (its password alone would undo the point); one without uses
     * its password, with the login's lockout.
     */
    async stepUp(actor: Actor, proof: StepUpRequest, client: SessionClient): Promise<void> {
      const methods = await stepUpMethods(actor.memberIdx);
      if (proof.method === 'password') {
        if (!methods.includes('password')) throw new AppError('SECOND_FACTOR_INVALID');
        const member = await memberRepo.findActiveById(actor.memberIdx);
        if (!member) throw new AppError('UNAUTHENTICATED');
        await auth.checkPassword(member, proof.password, client);
      } else {
        if (!methods.includes(proof.method)) throw new AppError('SECOND_FACTOR_INVALID');
        await proveFactor(actor.memberIdx, proof, client.ip);
      }
      await repo.markProven(actor.familyId, now());
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
