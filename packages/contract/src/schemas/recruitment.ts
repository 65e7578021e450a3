import { z } from 'zod';
import { currencies } from '../rules/settlement.js';
import { dateCode, idx, INT4_MAX, intInText, moneyAmount, multiLine, singleLine } from './common.js';
import { contractTerms, withPeriodRule } from './contract.js';
import { career } from './member.js';

/**
 * Recruitment (issue #16, docs/product/recruitment-and-reviews.md#recruitment): an admin or a client of a project posts a job
 * for it; any signed-in account browses open posts and applies once; the poster's side shortlists,
 * rejects or hires. Hiring adds the applicant to the project with a chosen role and offers them a
 * contract (a request of kind `contract`) at the post's rate. Money is integer minor units.
 */
export const workTypes = ['freelancer', 'fullTime'] as const;
export type WorkType = (typeof workTypes)[number];
export const recruitmentStatuses = ['open', 'closed'] as const;
export type RecruitmentStatus = (typeof recruitmentStatuses)[number];
export const applicationStatuses = ['applied', 'shortlisted', 'rejected', 'hired', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
/** The roles a hire may get: professionals only (an admin is made in settings). */
export const hireRoles = ['depth1', 'depth2'] as const;

const skill = singleLine().trim().min(1, 'required').max(40);

const postShape = {
  title: singleLine().trim().min(1, 'required').max(200),
  description: multiLine().trim().max(20_000).default(''),
  skills: z.array(skill).max(20).default([]),
  workType: z.enum(workTypes),
  rateMin: moneyAmount,
  rateMax: moneyAmount,
  currency: z.enum(currencies),
  startDt: dateCode,
  endDt: dateCode.nullable().optional(),
};
export const createRecruitmentRequest = z
  .object({ projectIdx: idx, ...postShape })
  .refine((v) => v.rateMax >= v.rateMin, { message: 'rateMaxBelowMin', path: ['rateMax'] })
  .refine((v) => v.endDt == null || v.endDt >= v.startDt, { message: 'endBeforeStart', path: ['endDt'] });
export type CreateRecruitmentRequest = z.infer<typeof createRecruitmentRequest>;

/** An edit: any field of the post, and `status` to close or reopen it. Range checks run on the result. */
export const updateRecruitmentRequest = z
  .object({
    title: postShape.title.optional(),
    description: multiLine().trim().max(20_000).optional(),
    skills: z.array(skill).max(20).optional(),
    workType: postShape.workType.optional(),
    rateMin: moneyAmount.optional(),
    rateMax: moneyAmount.optional(),
    currency: postShape.currency.optional(),
    startDt: dateCode.optional(),
    endDt: dateCode.nullable().optional(),
    status: z.enum(recruitmentStatuses).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'required' });
export type UpdateRecruitmentRequest = z.infer<typeof updateRecruitmentRequest>;

export const recruitment = z.object({
  recruitmentIdx: z.number().int(),
  projectIdx: z.number().int(),
  projectName: z.string(),
  title: z.string(),
  description: z.string(),
  skills: z.array(z.string()),
  workType: z.enum(workTypes),
  rateMin: z.number().int(),
  rateMax: z.number().int(),
  currency: z.enum(currencies),
  startDt: z.string(),
  endDt: z.string().nullable(),
  status: z.enum(recruitmentStatuses),
  /** The poster's account (memberIdx) and nickname. */
  postedByIdx: z.number().int(),
  postedByNickname: z.string(),
  applicationCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller's own application to it, if any (status only). */
  myApplication: z
    .object({ applicationIdx: z.number().int(), status: z.enum(applicationStatuses) })
    .nullable(),
  /** What the caller may do, decided by the server: manage (edit, close, see applicants), apply. */
  can: z.object({ manage: z.boolean(), apply: z.boolean() }),
});
export type Recruitment = z.infer<typeof recruitment>;

export const deletedRecruitmentResponse = z.object({ recruitmentIdx: z.number().int() });
export type DeletedRecruitmentResponse = z.infer<typeof deletedRecruitmentResponse>;

export const recruitmentListQuery = z.object({
  q: singleLine().trim().max(100).optional(),
  status: z.enum(recruitmentStatuses).optional(),
  workType: z.enum(workTypes).optional(),
  /** One skill, matched whole and case-insensitively. */
  skill: singleLine().trim().max(40).optional(),
  /** Posts whose range reaches this daily rate (minor units, with `currency`). */
  rate: intInText(0, INT4_MAX).optional(),
  currency: z.enum(currencies).optional(),
  /** Only the posts of projects the caller manages (their own postings). */
  mine: z.enum(['Y', 'N']).optional(),
});
export type RecruitmentListQuery = z.infer<typeof recruitmentListQuery>;
export const recruitmentList = z.object({ recruitments: z.array(recruitment) });
export type RecruitmentList = z.infer<typeof recruitmentList>;

export const applyRequest = z.object({
  note: multiLine().trim().min(1, 'required').max(5000),
});
export type ApplyRequest = z.infer<typeof applyRequest>;

export const application = z.object({
  applicationIdx: z.number().int(),
  recruitmentIdx: z.number().int(),
  projectIdx: z.number().int(),
  /** The applicant's account. */
  memberIdx: z.number().int(),
  nickname: z.string(),
  colorCode: z.string(),
  profileFileIdx: z.number().int().nullable(),
  job: z.string().nullable(),
  note: z.string(),
  /** The careers on the applicant's profile when they applied. */
  career: z.array(career),
  status: z.enum(applicationStatuses),
  /** The poster's note to the applicant on a rejection. */
  decisionNote: z.string().nullable(),
  /** After a hire: the applicant's membership and the contract offered. */
  memberInProjectIdx: z.number().int().nullable(),
  contractIdx: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof application>;
export const applicationList = z.object({ applications: z.array(application) });
export type ApplicationList = z.infer<typeof applicationList>;

/**
 * `PATCH /application/{applicationIdx}`: the poster's side shortlists, rejects (with a note the
 * applicant reads) or hires (role and contract terms); the applicant withdraws.
 */
export const updateApplicationRequest = z.discriminatedUnion('status', [
  z.object({ status: z.literal('shortlisted') }),
  z.object({ status: z.literal('rejected'), note: multiLine().trim().max(2000).optional() }),
  z.object({ status: z.literal('withdrawn') }),
  z.object({
    status: z.literal('hired'),
    role: z.enum(hireRoles),
    /** The contract offered with a hire: the offer's terms without who and where. */
    contract: withPeriodRule(contractTerms),
  }),
]);
export type UpdateApplicationRequest = z.infer<typeof updateApplicationRequest>;

export const recruitmentIdxParams = z.object({ recruitmentIdx: idx });
export const applicationIdxParams = z.object({ applicationIdx: idx });
