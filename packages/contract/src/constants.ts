/** Business constants and limits of docs/product/README.md#pages, in one place. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 20;
export const NAME_MAX = 15;
export const NICKNAME_MAX = 15;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Storage quotas, summed over the sizes of stored files (docs/decisions.md "Security"). A member's
 * files outside any project (profile images, personal attachments) share 200 MB; each project's
 * files share 2 GB, whoever uploaded them.
 */
export const STORAGE_QUOTA_MEMBER_BYTES = 200 * 1024 * 1024;
export const STORAGE_QUOTA_PROJECT_BYTES = 2 * 1024 * 1024 * 1024;
export const MAX_EPICS = 30;
/**
 * Wrong passwords in a row an unknown browser may type for an account before each further one
 * makes the next try wait: 1, 2, 4, 8 minutes, at most LOGIN_LOCK_MINUTES. A browser that signed in
 * to the account before is not held by it, and a mailed sign-in link ends it (issue 30).
 */
export const LOGIN_LOCK_AFTER = 5;
/** The longest wait between two password tries of an unknown browser. */
export const LOGIN_LOCK_MINUTES = 15;
/** A mailed one-time sign-in link works once, for this long. */
export const SIGN_IN_LINK_TTL_MINUTES = 15;
/**
 * Projects one account may have created and not deleted for good (each brings its own storage
 * quota); AI jobs queued or running at once per project and per account (docs/security.md).
 */
export const PROJECTS_PER_ACCOUNT_MAX = 20;
export const AI_OPEN_JOBS_PER_PROJECT = 3;
export const AI_OPEN_JOBS_PER_MEMBER = 5;
export const EMAIL_TOKEN_TTL_MINUTES = 30;
export const ACCESS_KEY_TTL_MINUTES = 30;
export const REFRESH_TOKEN_TTL_DAYS = 14;
/** docs/product/billing.md#plans-and-prices: the spec's unnamed default constant 4, the free member allowance. */
export const FREE_MEMBER_ALLOWANCE = 4;
export const SHEET_GRACE_DAYS = 3;
export const DEFAULT_COLOR_CODE = '#00D696';
export const AVATAR_DEFAULT_SIZE = 36;
export const AVATAR_POPUP_SIZE = 140;
export const MOBILE_BREAKPOINT_PX = 767;
export const TOAST_LIFETIME_MS = 5000;
export const PROGRAMMATIC_TOAST_MS = 2000;
export const WARNING_BAR_HEIGHT_PX = 62;
export const REVIEW_MAX_IMAGES = 3;

export const languages = ['kr', 'en', 'vi'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const projectRoles = ['admin', 'depth1', 'depth2', 'client'] as const;
export type ProjectRole = (typeof projectRoles)[number];

export const projectStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const genders = ['M', 'F'] as const;

/** The shared personal-colour palette (docs/product/i18n-and-modes.md#widgets: eight named colours). */
export const palette = [
  { name: 'green', code: '#00D696' },
  { name: 'skyblue', code: '#3DB9F5' },
  { name: 'purple', code: '#8B5CF6' },
  { name: 'yellow', code: '#F5B400' },
  { name: 'red', code: '#EF4444' },
  { name: 'blue', code: '#2563EB' },
  { name: 'orange', code: '#F97316' },
  { name: 'black', code: '#1F2937' },
] as const;
export type PaletteColor = (typeof palette)[number]['name'];
