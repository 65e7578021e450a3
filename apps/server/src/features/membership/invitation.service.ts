import {
  INVITE_TTL_DAYS,
  type Invitation,
  type InviteAcceptResponse,
  type InvitePreview,
  type InviteRequest,
  type InviteStatus,
} from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { renderMail } from '../../infra/mail.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { randomToken, sha256 } from '../../shared/crypto.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { MemberRepository } from '../account-store/member.repository.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { projects } from '../../db/schema/index.js';
import type { InvitationRow, MembershipRepository, MembershipRow } from './membership.repository.js';
import type { MembershipStore } from './membership.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type Joined = NonNullable<Awaited<ReturnType<MembershipRepository['findInvitation']>>>;

/**
 * Invitations by e-mail (docs/product/projects-and-membership.md#invitations). Tokens are 32 random
 * bytes, stored as SHA-256, single-use, valid INVITE_TTL_DAYS; a resend replaces the token.
 */
/** What invitations read of projects (the project module's `projectRepo`, its membership lookup cached). */
export interface InvitationProjects {
  findById(projectIdx: number): Promise<typeof projects.$inferSelect | null>;
  findMembership: MembershipRepository['findMembership'];
}

export function createInvitationService(
  ctx: AppContext,
  repo: MembershipRepository,
  projectRepo: InvitationProjects,
  memberRepo: MemberRepository,
  transaction: UnitOfWork<MembershipStore>,
  authz: Authorization<MembershipRow>,
  /** A join ticket (`verifiedToken`) for an address this service has proven (auth.issueEmailToken). */
  issueJoinTicket: (email: string) => Promise<string>,
) {
  const now = () => ctx.clock.now();

  function statusOf(row: InvitationRow): InviteStatus {
    if (row.acceptedAt) return 'accepted';
    if (row.revokedAt) return 'revoked';
    if (row.expiresAt <= now()) return 'expired';
    return 'pending';
  }

  const toInvitation = ({ invite, inviterNickname }: Joined): Invitation => ({
    inviteIdx: invite.inviteIdx,
    projectIdx: invite.projectIdx,
    email: invite.email,
    role: invite.role,
    status: statusOf(invite),
    invitedByIdx: invite.invitedByIdx,
    inviterNickname,
    createdAt: invite.createdAt.toISOString(),
    sentAt: invite.sentAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
    acceptedAt: invite.acceptedAt?.toISOString() ?? null,
  });

  async function sendMail(invite: InvitationRow, token: string, inviterIdx: number) {
    const [project, inviter, invitee] = await Promise.all([
      projectRepo.findById(invite.projectIdx),
      memberRepo.findActiveById(inviterIdx),
      memberRepo.findActiveByEmail(invite.email),
    ]);
    // The invitee's own language when they have an account, else the inviter's.
    const lang = invitee?.lang ?? inviter?.lang ?? 'en';
    const link = `${ctx.config.publicUrl}/#/verify/invite?token=${token}`;
    await ctx.mailer.send({
      ...renderMail('invite', lang, invite.email, link, {
        days: INVITE_TTL_DAYS,
        inviter: inviter?.nickname ?? '',
        project: project?.name ?? '',
        role: resources[lang].mail.roles[invite.role],
      }),
      // The sending job shows in the project's job list (GET /job).
      projectIdx: invite.projectIdx,
    });
  }

  /** An invitation the caller may manage; others' and missing ones look the same (NOT_FOUND). */
  async function managed(actor: Actor, inviteIdx: number): Promise<Joined> {
    const row = await repo.findInvitation(inviteIdx);
    const caller = row ? await projectRepo.findMembership(row.invite.projectIdx, actor.memberIdx) : null;
    if (!row || !caller) throw new AppError('NOT_FOUND');
    authz.decide(caller, 'invite.manage');
    return row;
  }

  /** The invitation a token names while it can still be accepted. */
  async function openInvitation(token: string) {
    const row = await repo.findInvitationByTokenHash(sha256(token));
    if (!row || row.projectDeleted === 'Y') throw new AppError('INVITE_INVALID');
    const status = statusOf(row.invite);
    if (status === 'accepted' || status === 'revoked') throw new AppError('INVITE_INVALID');
    if (status === 'expired') throw new AppError('INVITE_EXPIRED');
    return row;
  }

  async function activeMemberWithEmail(projectIdx: number, email: string): Promise<boolean> {
    const account = await memberRepo.findActiveByEmail(email);
    return !!account && !!(await projectRepo.findMembership(projectIdx, account.memberIdx));
  }

  return {
    async invite(actor: Actor, input: InviteRequest): Promise<Invitation> {
      authz.decide(await projectRepo.findMembership(input.projectIdx, actor.memberIdx), 'invite.manage');
      const email = input.email.trim().toLowerCase();
      if (await activeMemberWithEmail(input.projectIdx, email)) throw new AppError('ALREADY_MEMBER');
      // One open invitation per address: a new one replaces (revokes) the previous.
      await repo.revokeOpenInvitations(input.projectIdx, email, now());
      const token = randomToken();
      const invitee = await memberRepo.findActiveByEmail(email);
      const row = await transaction(async (r) => {
        const inserted = await r.insertInvitation({
          projectIdx: input.projectIdx,
          email,
          role: input.role,
          tokenHash: sha256(token),
          invitedByIdx: actor.memberIdx,
          expiresAt: new Date(now().getTime() + INVITE_TTL_DAYS * DAY_MS),
          createdAt: now(),
          sentAt: now(),
        });
        // For the invitee's in-app notice (ids only: the address never goes on the event bus).
        await r.events.record('invite.created', inserted.projectIdx, {
          inviteIdx: inserted.inviteIdx,
          projectIdx: inserted.projectIdx,
          invitedByIdx: actor.memberIdx,
          inviteeIdx: invitee?.memberIdx ?? null,
          role: inserted.role,
        });
        // The log keeps the address: who was invited is the point of the record.
        r.audit.record({
          kind: 'member.invited',
          projectIdx: inserted.projectIdx,
          memberIdx: invitee?.memberIdx ?? null,
          target: { type: 'invite', idx: inserted.inviteIdx },
          changes: { email, role: inserted.role },
        });
        return inserted;
      });
      await sendMail(row, token, actor.memberIdx);
      return toInvitation((await repo.findInvitation(row.inviteIdx))!);
    },

    async list(actor: Actor, projectIdx: number): Promise<Invitation[]> {
      authz.decide(await projectRepo.findMembership(projectIdx, actor.memberIdx), 'invite.manage');
      return (await repo.invitationsOfProject(projectIdx)).map(toInvitation);
    },

    /** A new link for a pending or expired invitation; the old link stops working. */
    async resend(actor: Actor, inviteIdx: number): Promise<Invitation> {
      const { invite } = await managed(actor, inviteIdx);
      if (invite.acceptedAt || invite.revokedAt) throw new AppError('INVITE_INVALID');
      const token = randomToken();
      const renewed = await repo.renewInvitation(
        inviteIdx,
        sha256(token),
        new Date(now().getTime() + INVITE_TTL_DAYS * DAY_MS),
        now(),
      );
      if (!renewed) throw new AppError('INVITE_INVALID');
      await sendMail(renewed, token, actor.memberIdx);
      return toInvitation((await repo.findInvitation(inviteIdx))!);
    },

    async revoke(actor: Actor, inviteIdx: number): Promise<Invitation> {
      const { invite } = await managed(actor, inviteIdx);
      if (invite.acceptedAt) throw new AppError('INVITE_INVALID');
      await transaction(async (r) => {
        await r.revokeInvitation(inviteIdx, now());
        r.audit.record({
          kind: 'member.invitation_revoked',
          projectIdx: invite.projectIdx,
          target: { type: 'invite', idx: inviteIdx },
          changes: { email: invite.email, role: invite.role },
        });
      });
      return toInvitation((await repo.findInvitation(inviteIdx))!);
    },

    /** What the invitation page shows; needs no key (the token is the secret). */
    async preview(token: string): Promise<InvitePreview> {
      const row = await repo.findInvitationByTokenHash(sha256(token));
      if (!row || row.projectDeleted === 'Y') throw new AppError('INVITE_INVALID');
      return {
        projectIdx: row.invite.projectIdx,
        projectName: row.projectName,
        inviterNickname: row.inviterNickname,
        role: row.invite.role,
        email: row.invite.email,
        status: statusOf(row.invite),
        expiresAt: row.invite.expiresAt.toISOString(),
      };
    },

    /**
     * The invitation was mailed to its address, so its token proves that address as a join mail's
     * link would: an invitee without an account gets the join form's ticket at once, no second mail.
     * The token stays valid: accepting it after joining is what makes the member.
     */
    async verifyForJoin(token: string): Promise<{ email: string; verifiedToken: string }> {
      const { invite } = await openInvitation(token);
      if (await memberRepo.findActiveByEmail(invite.email)) throw new AppError('EMAIL_ALREADY_REGISTERED');
      return { email: invite.email, verifiedToken: await issueJoinTicket(invite.email) };
    },

    async accept(actor: Actor, token: string): Promise<InviteAcceptResponse> {
      const row = await openInvitation(token);
      const account = await memberRepo.findActiveById(actor.memberIdx);
      if (!account || account.email.toLowerCase() !== row.invite.email)
        throw new AppError('INVITE_EMAIL_MISMATCH');
      if (await projectRepo.findMembership(row.invite.projectIdx, actor.memberIdx))
        throw new AppError('ALREADY_MEMBER');
      const membership = await transaction(async (r) => {
        if (!(await r.markInvitationAccepted(row.invite.inviteIdx, actor.memberIdx, now())))
          throw new AppError('INVITE_INVALID');
        const joined = await r.join({
          projectIdx: row.invite.projectIdx,
          memberIdx: actor.memberIdx,
          role: row.invite.role,
        });
        await r.events.record('member.joined', joined.projectIdx, {
          memberInProjectIdx: joined.memberInProjectIdx,
          memberIdx: actor.memberIdx,
        });
        r.audit.record({
          kind: 'member.joined',
          projectIdx: joined.projectIdx,
          memberIdx: actor.memberIdx,
          target: { type: 'invite', idx: row.invite.inviteIdx },
          changes: { role: joined.role },
        });
        return joined;
      });
      return {
        projectIdx: membership.projectIdx,
        memberInProjectIdx: membership.memberInProjectIdx,
        role: membership.role,
        isClient: membership.role === 'client',
      };
    },
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
