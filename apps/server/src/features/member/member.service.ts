import {
  maskEmail,
  type JoinGeneralRequest,
  type Language,
  type MemberProfile,
  type PublicProfile,
  type UpdateProfileRequest,
  INT4_MAX,
} from '@teamline/contract';
import type { z } from 'zod';
import type { joinGeneralRequest, updateProfileRequest } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { hashPassword, verifyPassword } from '../../shared/crypto.js';
import type { AuthService } from '../auth/auth.service.js';
import type { FileDeletion } from '../file/file-deletion.js';
import type { SessionClient } from '../session/device-cookie.js';
import type { FileService } from '../file/file.service.js';
import type { MembershipService } from '../membership/membership.port.js';
import { canSeeContact } from './member.policy.js';
import { accountEntry, type AuditEntry } from '../../platform/audit/audit-trail.js';
import { inTransaction } from '../../shared/transaction.js';
import type { Erased } from '../account-store/member-erasure.repository.js';
import {
  createMemberRepository,
  type MemberRepository,
  type MemberRow,
  type NewMember,
} from '../account-store/member.repository.js';
import type { ProfileCache } from './profile-cache.js';

type JoinInput = z.output<typeof joinGeneralRequest>;
type UpdateInput = z.output<typeof updateProfileRequest>;
export type { JoinGeneralRequest, UpdateProfileRequest };

export function toMemberProfile(row: MemberRow): MemberProfile {
  return {
    memberIdx: row.memberIdx,
    memberId: row.email,
    email: row.email,
    name: row.name,
    nickname: row.nickname,
    birth: row.birth,
    phone: row.phone,
    nationality: row.nationality,
    gender: row.gender,
    photo: row.profileFileIdx ? `/api/file?fileIdx=${row.profileFileIdx}` : null,
    colorCode: row.colorCode,
    job: row.job,
    isFree: row.isFree,
    company: row.company,
    hopePrice: row.hopePrice,
    career: row.career,
    profileFileIdx: row.profileFileIdx,
    projectIdx: null,
    coupons: [],
    lang: row.lang,
    hasPassword: row.passwordHash !== null,
  };
}

/**
 * The row of a new account from a join form: the e-mail join (a password) and the join after an
 * outside sign-in (no password: it signs in through its issuer) share it.
 */
export function newMemberRow(
  input: Omit<JoinInput, 'verifiedToken' | 'password'>,
  email: string,
  passwordHash: string | null,
  fallbackLang: Language,
): NewMember {
  return {
    email,
    passwordHash,
    name: input.name,
    nickname: input.nickname,
    phone: input.phone,
    birth: input.birth ?? null,
    gender: input.gender ?? null,
    nationality: input.nationality ?? null,
    colorCode: input.colorCode,
    job: input.job ?? null,
    isFree: input.isFree ?? null,
    company: input.company ?? null,
    hopePrice: input.hopePrice ?? null,
    career: input.career,
    lang: input.lang ?? fallbackLang,
  };
}

export function createMemberService(
  ctx: AppContext,
  repo: MemberRepository,
  auth: AuthService,
  storedFiles: Pick<FileService, 'findStored'>,
  membership: Pick<MembershipService, 'withdraw'>,
  profiles: ProfileCache,
  fileDeletion: FileDeletion,
) {
  const now = () => ctx.clock.now();

  /** Every change of a member row: stored, then dropped from the profile cache on every instance. */
  async function updateMember(memberIdx: number, patch: Partial<NewMember>) {
    const row = await repo.update(memberIdx, patch);
    await profiles.forget(memberIdx);
    return row;
  }

  /** A security change of the account and its audit record in one transaction, then the cache. */
  async function changeWithRecord(
    memberIdx: number,
    patch: Partial<NewMember>,
    { kind, actorIdx }: Pick<AuditEntry, 'kind' | 'actorIdx'>,
  ) {
    await inTransaction(ctx.database.db, async (tx) => {
      await createMemberRepository(tx).update(memberIdx, patch);
      await ctx.audit.record(tx, accountEntry(kind, memberIdx, actorIdx === undefined ? {} : { actorIdx }));
    });
    await profiles.forget(memberIdx);
  }

  async function requireMember(memberIdx: number): Promise<MemberRow> {
    const member = await repo.findActiveById(memberIdx);
    if (!member) throw new AppError('UNAUTHENTICATED');
    return member;
  }

  /** A profile image must be an image the member uploaded, so nobody can borrow another's file. */
  async function checkProfileFile(memberIdx: number, fileIdx: number | null | undefined) {
    if (fileIdx == null) return;
    const file = await storedFiles.findStored(fileIdx);
    if (!file || file.uploaderIdx !== memberIdx) throw new AppError('FILE_NOT_FOUND');
    if (!file.mime.startsWith('image/')) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  }

  return {
    async joinGeneral(input: JoinInput, fallbackLang: Language, client: SessionClient) {
      const ticket = await auth.consumeEmailToken(input.verifiedToken, 'joinVerified');
      if (!ticket) throw new AppError('JOIN_SESSION_EXPIRED');
      if (await repo.findActiveByEmail(ticket.email)) throw new AppError('EMAIL_ALREADY_REGISTERED');
      const member = await repo.insert(
        newMemberRow(input, ticket.email, await hashPassword(input.password), fallbackLang),
      );
      if (input.profileFileIdx != null) {
        // Files uploaded before joining do not exist (upload needs a session); ignore silently.
        const file = await storedFiles.findStored(input.profileFileIdx);
        if (file?.uploaderIdx === member.memberIdx)
          await updateMember(member.memberIdx, { profileFileIdx: file.fileIdx });
      }
      return auth.startSession(member.memberIdx, client, 'join');
    },

    /** The caller's own profile, from the profile cache (every change below calls `forget`). */
    async getOwn(actor: Actor): Promise<MemberProfile> {
      return profiles.load(actor.memberIdx, async () =>
        toMemberProfile(await requireMember(actor.memberIdx)),
      );
    },

    async getProfile(actor: Actor, memberId: string): Promise<PublicProfile> {
      // A number past the id column's range names nobody (and must not reach the integer column).
      // An e-mail finds only the caller or someone they share a project with: anyone else answers
      // MEMBER_NOT_FOUND exactly as an address without an account, so the lookup cannot tell who
      // has one (docs/security.md "Sessions and logs").
      const target = /^\d+$/.test(memberId)
        ? Number(memberId) <= INT4_MAX
          ? await repo.findActiveById(Number(memberId))
          : null
        : await repo.findByEmailSeenBy(actor.memberIdx, memberId.trim().toLowerCase());
      if (!target) throw new AppError('MEMBER_NOT_FOUND');
      const isSelf = target.memberIdx === actor.memberIdx;
      const viewerAdminsSharedProject =
        !isSelf && (await repo.viewerAdminsProjectOf(actor.memberIdx, target.memberIdx));
      const { coupons: _c, projectIdx: _p, ...profile } = toMemberProfile(target);
      if (canSeeContact({ isSelf, viewerAdminsSharedProject })) return { ...profile, contactVisible: true };
      return {
        ...profile,
        contactVisible: false,
        memberId: null,
        email: null,
        name: null,
        phone: null,
        birth: null,
        gender: null,
        hopePrice: null,
      };
    },

    async update(actor: Actor, input: UpdateInput): Promise<MemberProfile> {
      const member = await requireMember(actor.memberIdx);
      await checkProfileFile(actor.memberIdx, input.profileFileIdx);
      const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      if (input.profileFileIdx === undefined || input.profileFileIdx === member.profileFileIdx)
        return toMemberProfile((await updateMember(actor.memberIdx, patch))!);
      // A new picture, or none: the previous one is deleted (it was uploaded for the profile).
      const changed = await repo.updateProfileImage(actor.memberIdx, patch, member.profileFileIdx, now());
      if (!changed) throw new AppError('FILE_NOT_FOUND');
      await profiles.forget(actor.memberIdx);
      await fileDeletion.finish(changed.released);
      return toMemberProfile(changed.row);
    },

    async findId(name: string, phone: string) {
      const [match] = await repo.findActiveByNameAndPhone(name, phone);
      if (!match) throw new AppError('FIND_ID_NO_MATCH');
      return { email: maskEmail(match.email) };
    },

    async resetPassword(token: string, password: string) {
      const row = await auth.consumeEmailToken(token, 'password');
      if (!row) throw new AppError('PASSWORD_RESET_FAILED');
      const member = await repo.findActiveByEmail(row.email);
      if (!member) throw new AppError('PASSWORD_RESET_FAILED');
      // Proving ownership of the mailbox lifts a lockout and ends every old session.
      await changeWithRecord(
        member.memberIdx,
        { passwordHash: await hashPassword(password), failedLogins: 0, lockedAt: null },
        { kind: 'account.password_reset', actorIdx: null },
      );
      await auth.revokeAllSessions(member.memberIdx);
    },

    async changePassword(actor: Actor, currentPassword: string, password: string) {
      const member = await requireMember(actor.memberIdx);
      if (!(await verifyPassword(currentPassword, member.passwordHash)))
        throw new AppError('AUTH_INCORRECT_PASSWORD');
      if (currentPassword === password) throw new AppError('PASSWORD_SAME_AS_OLD');
      await changeWithRecord(
        member.memberIdx,
        { passwordHash: await hashPassword(password) },
        { kind: 'account.password_changed' },
      );
      // Whoever else held the account (the reason to change a password) is signed out; this session stays.
      await auth.revokeAllSessions(member.memberIdx, actor.familyId);
    },

    /**
     * Withdrawal erases the person (`member-erasure.repository.ts`) in the transaction in which they
     * leave every project; the row stays as a tombstone so projects, time entries, contracts and
     * settlements keep their ids and show a former member. After the commit: the sessions end and
     * the personal files and export archives leave storage.
     */
    async withdraw(actor: Actor, confirm: { password?: string; email?: string }) {
      const member = await requireMember(actor.memberIdx);
      if (member.passwordHash !== null) {
        if (!(await verifyPassword(confirm.password ?? '', member.passwordHash)))
          throw new AppError('AUTH_INCORRECT_PASSWORD');
      } else if (confirm.email?.toLowerCase() !== member.email.toLowerCase()) {
        // An account made through Google sign-in has no password: its e-mail address confirms.
        throw new AppError('WITHDRAW_EMAIL_MISMATCH');
      }
      let erased: Erased = { files: [], exportKeys: [] };
      await membership.withdraw(member.memberIdx, async (accounts) => {
        erased = await accounts.erase(member.memberIdx, now());
      });
      await profiles.forget(member.memberIdx);
      await auth.revokeAllSessions(member.memberIdx);
      await fileDeletion.finish(erased.files);
      for (const key of erased.exportKeys) await ctx.storage.remove(key);
    },
  };
}
export type MemberService = ReturnType<typeof createMemberService>;
