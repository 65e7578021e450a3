import {
  DEFAULT_COLOR_CODE,
  codeToIsoDate,
  colorCode,
  dateCode,
  genders,
  isoDateToCode,
  language,
  nickname,
  type Language,
  type MemberProfile,
  type UpdateProfileRequest,
} from '@teamline/contract';
import { z } from 'zod';

/** Month inputs give `YYYY-MM`; careers travel as `YYYYMM` (docs/product/i18n-and-modes.md#formats date formats). */
const month = z.string().regex(/^\d{4}-\d{2}$/, 'dateFormat');
const digits = z.string().trim().regex(/^\d*$/, 'invalid');
/**
 * The birth date of a date input (`YYYY-MM-DD`, empty when not given), checked as the contract's
 * `YYYYMMDD` code the profile API stores (docs/product/accounts.md#profile).
 */
const birth = z.union([z.literal(''), z.string().transform(isoDateToCode).pipe(dateCode)]);

export const careerRow = z
  .object({
    startDt: month,
    endDt: z.union([month, z.literal('')]),
    company: z.string().trim().min(1, 'required').max(100),
    level: z.string().trim().max(50),
    salary: digits,
    description: z.string().max(2000),
  })
  // docs/product/accounts.md#validation: a career end date cannot precede its start.
  .refine((c) => !c.endDt || c.endDt >= c.startDt, { message: 'careerEndBeforeStart', path: ['endDt'] });
export type CareerRow = z.input<typeof careerRow>;

export type WorkType = 'freelancer' | 'fullTime';
export type GenderValue = '' | (typeof genders)[number];

export const profileFormSchema = z.object({
  nickname,
  colorCode,
  job: z.string().trim().max(50),
  workType: z.enum(['freelancer', 'fullTime']),
  company: z.string().trim().max(100),
  hopePrice: digits,
  career: z.array(careerRow).max(50),
  lang: language,
  profileFileIdx: z.number().int().nullable(),
  birth,
  /** `M` or `F` (docs/product/api.md), empty when not given. */
  gender: z.enum(['', ...genders]),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;

export const emptyCareer = (): CareerRow => ({
  startDt: '',
  endDt: '',
  company: '',
  level: '',
  salary: '',
  description: '',
});

const toMonthInput = (code: string | null | undefined): string =>
  code && code.length >= 6 ? `${code.slice(0, 4)}-${code.slice(4, 6)}` : '';

export function profileDefaults(profile: MemberProfile | null, lang: Language): ProfileFormValues {
  return {
    nickname: profile?.nickname ?? '',
    colorCode: profile?.colorCode ?? DEFAULT_COLOR_CODE,
    job: profile?.job ?? '',
    workType: profile?.isFree === false ? 'fullTime' : 'freelancer',
    company: profile?.company ?? '',
    hopePrice: profile?.hopePrice != null ? String(profile.hopePrice) : '',
    career: (profile?.career ?? []).map((c) => ({
      startDt: toMonthInput(c.startDt),
      endDt: toMonthInput(c.endDt),
      company: c.company,
      level: c.level ?? '',
      salary: c.salary != null ? String(c.salary) : '',
      description: c.description ?? '',
    })),
    lang: profile?.lang ?? lang,
    profileFileIdx: profile?.profileFileIdx ?? null,
    birth: codeToIsoDate(profile?.birth),
    gender: profile?.gender ?? '',
  };
}

const orNull = (text: string | undefined): string | null => (text && text.trim() ? text.trim() : null);
const numberOrNull = (text: string | undefined): number | null => (text && text.trim() ? Number(text) : null);

/**
 * The API body of the profile fields. Work type: the spec's popup reads a null free-lancer flag as
 * freelancer and anything else as full-time, so freelancer is sent as null and full-time as false.
 */
export function toProfileRequest(values: ProfileFormValues): UpdateProfileRequest {
  return {
    nickname: values.nickname.trim(),
    colorCode: values.colorCode ?? DEFAULT_COLOR_CODE,
    job: orNull(values.job),
    isFree: values.workType === 'fullTime' ? false : null,
    company: orNull(values.company),
    hopePrice: numberOrNull(values.hopePrice),
    career: values.career.map((c) => ({
      startDt: c.startDt.replace('-', ''),
      endDt: c.endDt ? c.endDt.replace('-', '') : null,
      company: c.company.trim(),
      level: c.level.trim(),
      salary: numberOrNull(c.salary),
      description: c.description,
    })),
    lang: values.lang,
    profileFileIdx: values.profileFileIdx,
    birth: values.birth ? isoDateToCode(values.birth) : null,
    gender: values.gender || null,
  };
}
