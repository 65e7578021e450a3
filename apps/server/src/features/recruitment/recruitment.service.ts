import type {
  Application,
  ApplicationList,
  ApplicationStatus,
  ApplyRequest,
  CreateRecruitmentRequest,
  Recruitment,
  RecruitmentList,
  RecruitmentListQuery,
  UpdateApplicationRequest,
  UpdateRecruitmentRequest,
} from '@teamline/contract';
import type { Db } from '../../infra/db.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { createStore, type UnitOfWorkContext } from '../../platform/events/unit-of-work.js';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { ContractService } from '../contract/contract.service.js';
import type { MembershipRow } from '../membership/membership.port.js';
import {
  createRecruitmentRepository,
  type ApplicationRow,
  type RecruitmentRepository,
  type RecruitmentView,
} from './recruitment.repository.js';

/** What recruitment reads and writes over one handle: its tables and memberships (a hire joins). */
function recruitmentRepositories(db: Db) {
  return { posts: createRecruitmentRepository(db) };
}
export function createRecruitmentStore(db: Db, ctx: UnitOfWorkContext) {
  return createStore(db, ctx, recruitmentRepositories);
}
export type RecruitmentStore = ReturnType<typeof createRecruitmentStore>;

const MISSING = 'RECRUITMENT_NOT_FOUND' as const;
const APPLICATION_MISSING = 'APPLICATION_NOT_FOUND' as const;

/** Which application statuses each requested status may come from. */
const applicationMoves: Record<Exclude<ApplicationStatus, 'applied'>, readonly ApplicationStatus[]> = {
  shortlisted: ['applied'],
  rejected: ['applied', 'shortlisted'],
  hired: ['applied', 'shortlisted'],
  withdrawn: ['applied', 'shortlisted'],
};

type ApplicationView = Awaited<ReturnType<RecruitmentRepository['listApplications']>>[number];
const toApplication = (v: ApplicationView, projectIdx: number): Application => ({
  applicationIdx: v.application.applicationIdx,
  recruitmentIdx: v.application.recruitmentIdx,
  projectIdx,
  memberIdx: v.application.memberIdx,
  nickname: v.nickname,
  colorCode: v.colorCode,
  profileFileIdx: v.profileFileIdx,
  job: v.job,
  note: v.application.note,
  career: v.application.career.map((c) => ({
    ...c,
    level: c.level ?? '',
    description: c.description ?? '',
  })),
  status: v.application.status,
  decisionNote: v.application.decisionNote,
  memberInProjectIdx: v.application.memberInProjectIdx,
  contractIdx: v.application.contractIdx,
  createdAt: v.application.createdAt.toISOString(),
  updatedAt: v.application.updatedAt.toISOString(),
});

export function createRecruitmentService(
  ctx: AppContext,
  store: RecruitmentStore,
  authz: Authorization<MembershipRow>,
  contracts: ContractService,
) {
  function toRecruitment(
    v: RecruitmentView,
    manage: boolean,
    mine: ApplicationRow | undefined,
    isMember: boolean,
  ): Recruitment {
    const p = v.post;
    return {
      recruitmentIdx: p.recruitmentIdx,
      projectIdx: p.projectIdx,
      projectName: v.projectName,
      title: p.title,
      description: p.description,
      skills: p.skills,
      workType: p.workType,
      rateMin: p.rateMin,
      rateMax: p.rateMax,
      currency: p.currency,
      startDt: p.startDt,
      endDt: p.endDt,
      status: p.status,
      postedByIdx: p.postedByIdx,
      postedByNickname: v.postedByNickname,
      applicationCount: v.applicationCount,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      myApplication: mine ? { applicationIdx: mine.applicationIdx, status: mine.status } : null,
      can: { manage, apply: p.status === 'open' && !mine && !isMember },
    };
  }

  /** One live post as the caller may see it: a closed one only by its managers, else RECRUITMENT_NOT_FOUND. */
  async function visible(actor: Actor, recruitmentIdx: number) {
    const v = await store.posts.findView(recruitmentIdx);
    if (!v) throw new AppError(MISSING);
    const membership = await store.members.findMembership(v.post.projectIdx, actor.memberIdx);
    const manage = authz.allows(membership, 'recruitment.manage', { projectIdx: v.post.projectIdx });
    if (v.post.status !== 'open' && !manage) throw new AppError(MISSING);
    return { v, manage, isMember: membership !== null };
  }

  async function one(actor: Actor, recruitmentIdx: number): Promise<Recruitment> {
    const { v, manage, isMember } = await visible(actor, recruitmentIdx);
    const mine = await store.posts.findApplication(recruitmentIdx, actor.memberIdx);
    return toRecruitment(v, manage, mine ?? undefined, isMember);
  }

  const applicationRef = (row: ApplicationRow, projectIdx: number, posterIdx: number, actorIdx: number) => ({
    applicationIdx: row.applicationIdx,
    recruitmentIdx: row.recruitmentIdx,
    projectIdx,
    applicantIdx: row.memberIdx,
    posterIdx,
    actorIdx,
    status: row.status,
  });

  return {
    /** Open posts and the closed ones of projects the caller manages, filtered by the query. */
    async list(actor: Actor, query: RecruitmentListQuery): Promise<RecruitmentList> {
      const records = await store.members.recordsOfMember(actor.memberIdx);
      const managed = records
        .filter((m) => authz.allows(m, 'recruitment.manage', { projectIdx: m.projectIdx }))
        .map((m) => m.projectIdx);
      const memberOf = new Set(records.map((m) => m.projectIdx));
      const rows = await store.posts.list(query, managed);
      const mine = await store.posts.applicationsOf(
        actor.memberIdx,
        rows.map((r) => r.post.recruitmentIdx),
      );
      return {
        recruitments: rows.map((v) =>
          toRecruitment(
            v,
            managed.includes(v.post.projectIdx),
            mine.get(v.post.recruitmentIdx),
            memberOf.has(v.post.projectIdx),
          ),
        ),
      };
    },

    get: one,

    async create(actor: Actor, input: CreateRecruitmentRequest): Promise<Recruitment> {
      await authz.authorize(actor, 'recruitment.manage', input.projectIdx);
      const row = await store.posts.insert({
        projectIdx: input.projectIdx,
        postedByIdx: actor.memberIdx,
        title: input.title,
        description: input.description,
        skills: [...new Set(input.skills)],
        workType: input.workType,
        rateMin: input.rateMin,
        rateMax: input.rateMax,
        currency: input.currency,
        startDt: input.startDt,
        endDt: input.endDt ?? null,
      });
      return one(actor, row.recruitmentIdx);
    },

    /** An edit or a close/reopen by the post's project's hiring side; ranges checked on the result. */
    async update(
      actor: Actor,
      recruitmentIdx: number,
      input: UpdateRecruitmentRequest,
    ): Promise<Recruitment> {
      await store.transaction(async (r) => {
        const row = await r.posts.lockById(recruitmentIdx);
        if (!row) throw new AppError(MISSING);
        authz.decide(await r.members.findMembership(row.projectIdx, actor.memberIdx), 'recruitment.manage', {
          projectIdx: row.projectIdx,
        });
        const next = { ...row, ...input, endDt: input.endDt === undefined ? row.endDt : input.endDt };
        if (next.rateMax < next.rateMin) throw fieldError('rateMax', 'rateMaxBelowMin');
        if (next.endDt != null && next.endDt < next.startDt) throw fieldError('endDt', 'endBeforeStart');
        await r.posts.update(recruitmentIdx, {
          ...input,
          ...(input.skills && { skills: [...new Set(input.skills)] }),
          updatedAt: ctx.clock.now(),
        });
      });
      return one(actor, recruitmentIdx);
    },

    /** Deletes the post (its row stays for its applications); the hiring side only. */
    async remove(actor: Actor, recruitmentIdx: number): Promise<{ recruitmentIdx: number }> {
      await store.transaction(async (r) => {
        const row = await r.posts.lockById(recruitmentIdx);
        if (!row) throw new AppError(MISSING);
        authz.decide(await r.members.findMembership(row.projectIdx, actor.memberIdx), 'recruitment.manage', {
          projectIdx: row.projectIdx,
        });
        await r.posts.update(recruitmentIdx, { deletedAt: ctx.clock.now() });
      });
      return { recruitmentIdx };
    },

    /**
     * An application by any account that is not already a member of the post's project, once per
     * post (409 APPLICATION_EXISTS, withdrawn ones included), to an open post (409 RECRUITMENT_CLOSED).
     * The applicant's profile careers are copied with the note.
     */
    async apply(actor: Actor, recruitmentIdx: number, input: ApplyRequest): Promise<Application> {
      const created = await store.transaction(async (r) => {
        const post = await r.posts.lockById(recruitmentIdx);
        if (!post) throw new AppError(MISSING);
        if (post.status !== 'open') throw new AppError('RECRUITMENT_CLOSED');
        if (await r.members.findMembership(post.projectIdx, actor.memberIdx))
          throw new AppError('ALREADY_MEMBER');
        const account = await r.posts.account(actor.memberIdx);
        const row = await r.posts.insertApplication({
          recruitmentIdx,
          memberIdx: actor.memberIdx,
          note: input.note,
          career: account?.career ?? [],
        });
        if (!row) throw new AppError('APPLICATION_EXISTS');
        await r.events.record(
          'recruitment.applied',
          post.projectIdx,
          applicationRef(row, post.projectIdx, post.postedByIdx, actor.memberIdx),
        );
        return { row, projectIdx: post.projectIdx };
      });
      const view = await store.posts.findApplicationView(created.row.applicationIdx);
      return toApplication(view!, created.projectIdx);
    },

    /** The post's applications with the applicants' profile fields: the hiring side only. */
    async applications(actor: Actor, recruitmentIdx: number): Promise<ApplicationList> {
      const v = await store.posts.findView(recruitmentIdx);
      if (!v) throw new AppError(MISSING);
      await authz.authorize(actor, 'recruitment.manage', v.post.projectIdx);
      const rows = await store.posts.listApplications(recruitmentIdx);
      return { applications: rows.map((row) => toApplication(row, v.post.projectIdx)) };
    },

    /**
     * The applicant withdraws; the hiring side shortlists, rejects (with a note) or hires. A hire
     * joins the applicant to the project with the chosen role and the application moves in one
     * transaction; the contract offer follows through the contract service (its own checks and
     * events) and is linked to the application.
     */
    async decide(
      actor: Actor,
      applicationIdx: number,
      input: UpdateApplicationRequest,
    ): Promise<Application> {
      const now = ctx.clock.now();
      const result = await store.transaction(async (r) => {
        const row = await r.posts.lockApplication(applicationIdx);
        if (!row) throw new AppError(APPLICATION_MISSING);
        const post = await r.posts.lockById(row.recruitmentIdx);
        if (!post) throw new AppError(APPLICATION_MISSING);
        const own = row.memberIdx === actor.memberIdx;
        if (input.status === 'withdrawn') {
          // The applicant's own move; for anyone else the application is as good as missing.
          if (!own) {
            authz.decide(
              await r.members.findMembership(post.projectIdx, actor.memberIdx),
              'recruitment.manage',
              { projectIdx: post.projectIdx },
            );
            throw new AppError('FORBIDDEN');
          }
        } else
          authz.decide(
            await r.members.findMembership(post.projectIdx, actor.memberIdx),
            'recruitment.manage',
            { projectIdx: post.projectIdx },
          );
        if (!applicationMoves[input.status].includes(row.status))
          throw new AppError('INVALID_STATUS_TRANSITION', { status: row.status, requested: input.status });
        let memberInProjectIdx: number | null = row.memberInProjectIdx;
        if (input.status === 'hired') {
          await r.members.lockProject(post.projectIdx);
          if (await r.members.findMembership(post.projectIdx, row.memberIdx))
            throw new AppError('ALREADY_MEMBER');
          const joined = await r.members.join({
            projectIdx: post.projectIdx,
            memberIdx: row.memberIdx,
            role: input.role,
          });
          memberInProjectIdx = joined.memberInProjectIdx;
          await r.events.record('member.joined', post.projectIdx, {
            memberInProjectIdx: joined.memberInProjectIdx,
            memberIdx: row.memberIdx,
          });
        }
        const updated = await r.posts.updateApplication(applicationIdx, {
          status: input.status,
          updatedAt: now,
          memberInProjectIdx,
          ...(input.status === 'rejected' && { decisionNote: input.note?.trim() || null }),
        });
        await r.events.record(
          'recruitment.application_changed',
          post.projectIdx,
          applicationRef(updated, post.projectIdx, post.postedByIdx, actor.memberIdx),
        );
        return { projectIdx: post.projectIdx, memberInProjectIdx };
      });
      if (input.status === 'hired' && result.memberInProjectIdx !== null) {
        const contract = await contracts.offer(actor, {
          projectIdx: result.projectIdx,
          memberInProjectIdx: result.memberInProjectIdx,
          ...input.contract,
        });
        await store.posts.updateApplication(applicationIdx, { contractIdx: contract.contractIdx });
      }
      const view = await store.posts.findApplicationView(applicationIdx);
      return toApplication(view!, result.projectIdx);
    },
  };
}
export type RecruitmentService = ReturnType<typeof createRecruitmentService>;
