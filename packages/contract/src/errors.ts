/**
 * The error catalogue (docs/product/api.md#errors). Every failure the API returns carries one of these codes; the web
 * app translates the code (`errors.<CODE>` in every language), never the server's English text.
 * The HTTP status of each code lives here so the server and its tests cannot disagree about it.
 */
export const errorStatus = {
  // General
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  API_REQUEST_FAILED: 502,
  // Join and e-mail authentication
  INVALID_EMAIL: 400,
  EMAIL_ALREADY_REGISTERED: 409,
  EMAIL_AUTH_FAILED: 400,
  JOIN_SESSION_EXPIRED: 401,
  NICKNAME_TAKEN: 409,
  // Login and session
  AUTH_INCORRECT_PASSWORD: 401,
  AUTH_NO_ACCOUNT: 401,
  AUTH_ACCOUNT_LOCKED: 423,
  AUTH_LOGIN_FAILED: 401,
  AUTH_SESSION_EXPIRED: 401,
  AUTH_REFRESH_REUSED: 401,
  SIGN_IN_LINK_INVALID: 400,
  OAUTH_NOT_CONFIGURED: 404,
  // Outside sign-in (issue 14, docs/decisions.md "Outside sign-in")
  OAUTH_CANCELLED: 400,
  OAUTH_STATE_INVALID: 400,
  OAUTH_SESSION_EXPIRED: 401,
  OAUTH_EMAIL_UNVERIFIED: 403,
  OAUTH_DOMAIN_NOT_ALLOWED: 403,
  OAUTH_ISSUER_UNREACHABLE: 502,
  OAUTH_LINK_REQUIRED: 409,
  // Account recovery
  FIND_ID_NO_MATCH: 404,
  PASSWORD_RESET_FAILED: 400,
  PASSWORD_SAME_AS_OLD: 400,
  // Members
  MEMBER_NOT_FOUND: 404,
  // Sessions and devices (issue 30): not the caller's session, or already signed out
  SESSION_NOT_FOUND: 404,
  // Files
  FILE_REQUIRED: 400,
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_NOT_FOUND: 404,
  STORAGE_QUOTA_EXCEEDED: 413,
  // A multipart body that cannot be read (cut short, no boundary, garbage), and a file name with control characters
  UPLOAD_MALFORMED: 400,
  FILE_NAME_INVALID: 400,
  // Projects and links
  PROJECT_NOT_FOUND: 404,
  PROJECT_ACCESS_DENIED: 403,
  PROJECT_LIMIT_REACHED: 409,
  PROFESSIONAL_ONLY: 403,
  ADMIN_ONLY: 403,
  LINK_NOT_FOUND: 404,
  LINK_INVALID: 400,
  // Planning (issue "Planning") and members (issue "Project settings")
  EPIC_LIMIT_REACHED: 409,
  INVALID_STATUS_TRANSITION: 409,
  LAST_ADMIN: 409,
  CLIENT_ONLY: 403,
  MILESTONE_NOT_FOUND: 404,
  STORY_NOT_FOUND: 404,
  EPIC_NOT_FOUND: 404,
  TIMEKEEPING_NOT_FOUND: 404,
  HISTORY_NOT_FOUND: 404,
  MEMBER_IN_PROJECT_NOT_FOUND: 404,
  // Invitations (issue "Project settings")
  INVITE_INVALID: 400,
  INVITE_EXPIRED: 410,
  INVITE_EMAIL_MISMATCH: 403,
  ALREADY_MEMBER: 409,
  // Requests (issue 11)
  REQUEST_NOT_FOUND: 404,
  REQUEST_NOT_AWAITING: 409,
  REQUEST_IS_CONTRACT: 409,
  // Contracts (issue 11)
  ADMIN_OR_CLIENT_ONLY: 403,
  CONTRACT_NOT_FOUND: 404,
  CONTRACT_ALREADY_RUNNING: 409,
  CONTRACT_PERIOD_OVERLAP: 409,
  // Recruitment (issue 16)
  RECRUITMENT_NOT_FOUND: 404,
  RECRUITMENT_CLOSED: 409,
  APPLICATION_NOT_FOUND: 404,
  APPLICATION_EXISTS: 409,
  // Time sheets and settlement (issue 11)
  TIMEKEEPING_LOCKED: 409,
  TIMEKEEPING_DAY_LIMIT: 400,
  TIMEKEEPING_FUTURE_DATE: 400,
  SETTLEMENT_NOT_FOUND: 404,
  SETTLEMENT_WRONG_STATE: 409,
  SETTLEMENT_OWN_APPROVAL: 403,
  SETTLEMENT_EMPTY: 409,
  BUDGET_NOT_FOUND: 404,
  BUDGET_MILESTONE_NOT_FOUND: 404,
  EARNINGS_STATEMENT_NOT_FOUND: 404,
  // Subscriptions and billing (issue 12): docs/product/billing.md#coupons and docs/product/billing.md#errors, each its own code
  PROJECT_INACTIVE: 423,
  COUPON_EXPIRED_OR_NONEXISTENT: 404,
  COUPON_IS_MONTHLY: 409,
  COUPON_IS_YEARLY: 409,
  COUPON_ALREADY_REGISTERED: 409,
  COUPON_REGISTRATION_FAILED: 409,
  CARD_REGISTRATION_FAILED: 402,
  SUBSCRIPTION_FAILED: 402,
  REFUND_FAILED: 409,
  SUBSCRIPTION_ADD_FAILED: 402,
  CARD_REQUIRED: 409,
  CARD_NOT_FOUND: 404,
  CARD_IN_USE: 409,
  SUBSCRIPTION_NOT_FOUND: 404,
  SUBSCRIPTION_ALREADY_ACTIVE: 409,
  SHEETS_BELOW_MEMBERS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The gateway's answer is not known yet (or another payment of the project runs): try again soon. */
  PAYMENT_PENDING: 503,
  // Webhooks (issue 13)
  WEBHOOK_NOT_FOUND: 404,
  WEBHOOK_URL_INVALID: 400,
  WEBHOOK_URL_PRIVATE: 400,
  WEBHOOK_DELIVERY_NOT_FOUND: 404,
  WEBHOOK_DELIVERY_NOT_RETRYABLE: 409,
  WEBHOOK_NOT_STANDARD: 409,
  WEBHOOK_TYPE_LOCKED: 409,
  // Reviews (issue 16)
  REVIEW_NOT_FOUND: 404,
  REVIEW_NOT_SHARED: 403,
  REVIEW_OWN: 400,
  REVIEW_ALREADY_EXISTS: 409,
  REVIEW_MEDIA_INVALID: 400,
  FILE_URL_INVALID: 403,
  /** A `Range` outside the file's bytes (object storage, issue 32). */
  RANGE_NOT_SATISFIABLE: 416,
  WITHDRAW_EMAIL_MISMATCH: 400,
  // GitHub (docs/product/integrations.md#github-errors, issue 14)
  GITHUB_FETCH_FAILED: 502,
  GITHUB_NO_REPOSITORIES: 404,
  GITHUB_CONNECTION_REMOVED: 409,
  GITHUB_SYNC_FAILED: 502,
  GITHUB_CONNECTION_CANCELLED: 400,
  GITHUB_NOT_CONNECTED: 404,
  GITHUB_NOT_CONFIGURED: 404,
  GITHUB_TOKEN_INVALID: 400,
  GITHUB_SIGNATURE_INVALID: 401,
  GITHUB_SYNC_LOG_NOT_FOUND: 404,
  /** GitHub answered 404: no such repository, or the connection's account cannot see it. */
  GITHUB_REPOSITORY_NOT_FOUND: 404,
  /** GitHub answered 403 (not a rate limit): the connection's token may not read this. */
  GITHUB_ACCESS_DENIED: 403,
  /** GitHub's rate limit for the connection's token is used up (403/429 with the limit headers). */
  GITHUB_RATE_LIMITED: 429,
  // Documents (docs/product/documents-and-ai.md#document-errors, issue 15)
  FOLDER_NOT_FOUND: 404,
  FOLDER_MOVE_INVALID: 400,
  DOCUMENT_NOT_FOUND: 404,
  DOCUMENT_ACCESS_DENIED: 403,
  /** A private document not shared with the caller, who is a member of its project (outsiders: 404). */
  DOCUMENT_NO_ACCESS: 403,
  DOCUMENT_VERSION_CONFLICT: 409,
  DOCUMENT_VERSION_NOT_FOUND: 404,
  DOCUMENT_SHARE_NOT_FOUND: 404,
  DOCUMENT_LINK_INVALID: 404,
  DOCUMENT_TOO_LARGE: 413,
  /** Editor JSON the editor's schema cannot read: an unknown node or mark, a broken structure, broken text. */
  DOCUMENT_CONTENT_INVALID: 400,
  /** A public link of a private document: it is for the people it is shared with. */
  DOCUMENT_PRIVATE: 409,
  // AI documents and AI timelines (docs/product/documents-and-ai.md#ai-timeline, issue 15)
  AI_FILE_TYPE_NOT_ALLOWED: 415,
  AI_FILE_TOO_LARGE: 413,
  AI_FILE_EMPTY: 400,
  AI_FILE_NO_TEXT: 422,
  AI_NOTHING_FOUND: 422,
  AI_PROVIDER_FAILED: 502,
  AI_JOB_NOT_FOUND: 404,
  AI_JOB_NOT_READY: 409,
  AI_JOB_CANCELLED: 409,
  AI_JOB_ALREADY_APPLIED: 409,
  // Bringing work in (docs/product/import.md)
  /** The file is not the CSV or JSON its source needs (the message names the line). */
  IMPORT_FILE_MALFORMED: 422,
  IMPORT_FILE_EMPTY: 400,
  IMPORT_FILE_TOO_LARGE: 413,
  /** A column the source needs is not in the header (Jira: Summary; CSV: a column mapped to title). */
  IMPORT_COLUMNS_MISSING: 422,
  IMPORT_TOO_MANY_ROWS: 422,
  IMPORT_NOT_FOUND: 404,
  /** Undo of an import still running, failed before writing, or already undone. */
  IMPORT_NOT_UNDOABLE: 409,
  // Files and my data (issue 30)
  FILE_IN_USE: 409,
  MEMBER_EXPORT_RUNNING: 409,
  MEMBER_EXPORT_LINK_INVALID: 403,
  AI_JOBS_BUSY: 429,
  // Two-factor sign-in and step-up (issue 30, docs/decisions.md "Two-factor sign-in")
  SECOND_FACTOR_REQUIRED: 401,
  SECOND_FACTOR_INVALID: 400,
  SECOND_FACTOR_EXPIRED: 401,
  STEP_UP_REQUIRED: 403,
  TWO_FACTOR_REQUIRED: 403,
  TOTP_ALREADY_ENABLED: 409,
  TOTP_SETUP_MISSING: 409,
  PASSKEY_NOT_FOUND: 404,
  PASSKEY_REGISTRATION_FAILED: 400,
  // Personal access tokens (issue 34, docs/product/api.md#access-tokens)
  /** A token unknown, revoked, or whose member withdrew. */
  ACCESS_TOKEN_INVALID: 401,
  ACCESS_TOKEN_EXPIRED: 401,
  /** A token's scopes do not cover the route, or the route takes no token at all (account, billing, settings…). */
  TOKEN_SCOPE_DENIED: 403,
  ACCESS_TOKEN_LIMIT_REACHED: 409,
  ACCESS_TOKEN_NOT_FOUND: 404,
  // Calendar feeds (issue 34, docs/product/integrations.md#calendar-feeds)
  /** A feed unknown, revoked, another's, or whose project its owner no longer belongs to. */
  CALENDAR_FEED_NOT_FOUND: 404,
  CALENDAR_FEED_LIMIT_REACHED: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

/** One field's problem in a form: the key of a translated message (`validation.<key>`). */
export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: unknown;
    fieldErrors?: FieldErrors;
  };
}
