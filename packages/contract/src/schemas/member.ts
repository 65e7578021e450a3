import { z } from 'zod';
import {
  DEFAULT_COLOR_CODE,
  NAME_MAX,
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  genders,
  languages,
} from '../constants.js';
import { dateCode, idx, int4, monthOrDateCode, multiLine, singleLine } from './common.js';

export const email = z.string().trim().toLowerCase().pipe(z.email('emailFormat'));
export const password = z.string().min(PASSWORD_MIN, 'passwordLength').max(PASSWORD_MAX, 'passwordLength');
/** docs/product/accounts.md#validation: the confirmation must match the password; use as `.refine(passwordsMatch, passwordMismatch)`. */
export const passwordsMatch = (v: { password: string; passwordConfirm: string }): boolean =>
  v.password === v.passwordConfirm;
export const passwordMismatch = { message: 'passwordMismatch', path: ['passwordConfirm'] };
export const name = singleLine().trim().min(1, 'required').max(NAME_MAX, 'nameLength');
export const nickname = singleLine().trim().min(1, 'required').max(NICKNAME_MAX, 'nicknameLength');
export const phone = z.string().trim().min(1, 'required').regex(/^\d+$/, 'phoneDigits');
export const colorCode = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'colorCode');
export const language = z.enum(languages);

export const career = z
  .object({
    startDt: monthOrDateCode,
    endDt: monthOrDateCode.nullable().optional(),
    company: singleLine().trim().min(1, 'required').max(100),
    level: singleLine().trim().max(50).default(''),
    /** Annual, in thousand won. */
    salary: int4.nonnegative().nullable().optional(),
    description: multiLine().max(2000).default(''),
  })
  .refine((c) => !c.endDt || padMonth(c.endDt) >= padMonth(c.startDt), {
    message: 'careerEndBeforeStart',
    path: ['endDt'],
  });
export type Career = z.infer<typeof career>;

function padMonth(code: string): string {
  return code.length === 6 ? `${code}01` : code;
}

/** Fields of the profile form (docs/product/accounts.md#profile, join's profile setup), without defaults. */
const profileShape = {
  nickname,
  colorCode,
  job: singleLine().trim().max(50).nullable().optional(),
  /** Free-lancer flag; null means freelancer in the profile popup (docs/product/projects-and-membership.md#profile-visibility). */
  isFree: z.boolean().nullable().optional(),
  company: singleLine().trim().max(100).nullable().optional(),
  /** Desired daily rate, thousand won per 8 hours. */
  hopePrice: int4.nonnegative().nullable().optional(),
  career: z.array(career).max(50),
  lang: language.optional(),
  profileFileIdx: idx.nullable().optional(),
  birth: dateCode.nullable().optional(),
  gender: z.enum(genders).nullable().optional(),
  nationality: singleLine().trim().max(2).nullable().optional(),
};

/** The profile form at join: colour and career get their defaults. */
export const profileFields = z.object({
  ...profileShape,
  colorCode: colorCode.default(DEFAULT_COLOR_CODE),
  career: profileShape.career.default([]),
});

export const memberProfile = z.object({
  memberIdx: z.number().int(),
  memberId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  nickname: z.string(),
  birth: z.string().nullable(),
  phone: z.string().nullable(),
  nationality: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  photo: z.string().nullable(),
  colorCode: z.string(),
  job: z.string().nullable(),
  isFree: z.boolean().nullable(),
  company: z.string().nullable(),
  hopePrice: z.number().nullable(),
  career: z.array(
    z.object({
      startDt: z.string(),
      endDt: z.string().nullable().optional(),
      company: z.string(),
      level: z.string(),
      salary: z.number().nullable().optional(),
      description: z.string(),
    }),
  ),
  profileFileIdx: z.number().nullable(),
  projectIdx: z.number().nullable(),
  coupons: z.array(z.unknown()),
  lang: language,
  /** false for an account made through Google (OIDC) sign-in that never set a password. */
  hasPassword: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

/**
 * What another member sees in the profile popup. Contact fields (email, name, phone, birth, gender,
 * hopePrice, and memberId since it is the e-mail) are null unless the viewer is the member or an admin
 * of a project both belong to (docs/product/projects-and-membership.md#profile-visibility).
 */
export const publicProfile = memberProfile
  .omit({ coupons: true, projectIdx: true, hasPassword: true })
  .extend({
    memberId: z.string().nullable(),
    email: z.string().nullable(),
    /**
     * Whether the contact fields were sent (the viewer is the member or an admin of a shared
     * project): the popup shows the admin-only block from this, it never decides it itself.
     */
    contactVisible: z.boolean(),
  });
export type PublicProfile = z.infer<typeof publicProfile>;

export const joinGeneralRequest = profileFields.extend({
  verifiedToken: singleLine().min(1).max(200),
  password,
  name,
  phone,
});
export type JoinGeneralRequest = z.input<typeof joinGeneralRequest>;

/**
 * Join after an outside sign-in: the e-mail comes from the issuer's verified claims behind `preToken`
 * (`POST /auth/login`), and no password is set (the account signs in through the issuer; a password
 * can be added later with "find password").
 */
export const joinRequest = profileFields.extend({
  preToken: singleLine().min(1).max(200),
  name,
  phone,
});
export type JoinRequest = z.input<typeof joinRequest>;

/** A partial update: only the fields sent change (no defaults, so an omitted field keeps its value). */
export const updateProfileRequest = z.object(profileShape).partial().extend({
  name: name.optional(),
  phone: phone.optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

export const profileQuery = z.object({ memberId: singleLine().min(1).max(320) });

export const findPasswordRequest = z.object({ email, lang: language.optional() });

export const findIdRequest = z.object({ name, phone });
export const findIdResponse = z.object({ email: z.string() });

export const passwordResetRequest = z.object({ token: singleLine().min(1).max(200), password });
export const passwordChangeRequest = z.object({ currentPassword: z.string().min(1), password });
/**
 * Withdrawal is confirmed with the password, or, for an account without one (made through Google
 * sign-in), by typing the account's e-mail address.
 */
export const withdrawRequest = z
  .object({ password: z.string().min(1).optional(), email: z.string().trim().min(1).max(320).optional() })
  .refine((v) => v.password !== undefined || v.email !== undefined, {
    message: 'required',
    path: ['password'],
  });
