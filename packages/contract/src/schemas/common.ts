import { z } from 'zod';

/**
 * Messages in these schemas are translation keys (`validation.<key>` in every language), so that
 * the server's fieldErrors and the web app's forms show the same translated text.
 */
/** The range of a PostgreSQL `integer` column: anything outside it is refused before the database sees it. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * The one way an input schema takes a whole number: `intIn` from JSON, `intInText` from path or query
 * text (coerced). Both refuse what lies outside `[min, max]` with `message` (the `numberRange` key by
 * default) and refuse to be built wider than an `integer` column, so nothing a client sends can reach
 * the database as an out-of-range value (a 500). `input-bounds.test.ts` and the server's
 * `route-bounds.test.ts` walk every input schema and fail on a number built any other way.
 */
export const intIn = (min: number, max: number, message = 'numberRange') =>
  wholeWithin(z.number(), min, max, message);
/** `intIn` for path and query values, which arrive as text. */
export const intInText = (min: number, max: number, message = 'numberRange') =>
  wholeWithin(z.coerce.number(), min, max, message);

function wholeWithin<T extends z.ZodNumber | z.ZodCoercedNumber>(
  schema: T,
  min: number,
  max: number,
  message: string,
): T {
  if (!(min >= INT4_MIN && max <= INT4_MAX && min <= max))
    throw new RangeError(`[${min}, ${max}] does not fit an integer column`);
  // A field's own message (money: 'moneyAmount') also names a fraction; otherwise zod's, shown as `invalid`.
  const whole = message === 'numberRange' ? schema.int() : schema.int(message);
  return whole.min(min, message).max(max, message) as T;
}

/** A whole number that fits an `integer` column. */
export const int4 = intIn(INT4_MIN, INT4_MAX);
/**
 * An amount of money in an input (a daily rate, a post's rate range): a whole positive count of the
 * currency's minor unit (won; cents for USD) within an `integer` column, refused with `moneyAmount`.
 */
export const moneyAmount = intIn(1, INT4_MAX, 'moneyAmount');
/** A row id: positive and within an `integer` column (ids arrive as path or query text, hence coerce). */
export const idx = z.coerce.number().int().positive().max(INT4_MAX, 'numberRange');

/** Unix time in seconds (a signed file address's expiry): compared, never stored, and past 2038 it would not fit. */
export const unixSecondsText = z.coerce.number().int().min(0).max(253_402_300_799); // 9999-12-31
/** The only input numbers allowed past an `integer` column (each says why above); the bounds walk accepts exactly these. */
export const widerThanInt4: ReadonlySet<z.ZodType> = new Set([unixSecondsText]);

/**
 * Text fields refuse control characters (NUL cannot even be stored by PostgreSQL): single-line text
 * refuses all of C0 and DEL, multi-line text allows tab, line feed and carriage return. Both refuse a
 * lone UTF-16 surrogate (half of an emoji, from a cut string or a hand-written `\ud800` escape): it
 * has no UTF-8 form, so the database would silently store U+FFFD instead, or refuse it in JSON.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const singleLinePattern = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const multiLinePattern = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
/** Well-formed UTF-16: with the `u` flag a surrogate pair is one code point, so only a lone half matches the class. */
export const wellFormedPattern = /^[^\ud800-\udfff]*$/u;
/** A string with no control characters (for `z.string()...` chains: `.regex(...)` keeps the type). */
export const singleLine = () =>
  z.string().regex(singleLinePattern, 'controlCharacters').regex(wellFormedPattern, 'brokenCharacters');
/** A string that may span lines and hold tabs, but no other control characters. */
export const multiLine = () =>
  z.string().regex(multiLinePattern, 'controlCharacters').regex(wellFormedPattern, 'brokenCharacters');

/** `YYYYMMDD` (docs/product/i18n-and-modes.md#formats date format). */
export const dateCode = z
  .string()
  .regex(/^\d{8}$/, 'dateFormat')
  .refine(isRealDate, 'dateFormat');
/** `YYYYMM` or `YYYYMMDD`: careers may be month-only. */
export const monthOrDateCode = z
  .string()
  .regex(/^\d{6}(\d{2})?$/, 'dateFormat')
  .refine((v) => isRealDate(v.length === 6 ? `${v}01` : v), 'dateFormat');

function isRealDate(code: string): boolean {
  const y = Number(code.slice(0, 4));
  const m = Number(code.slice(4, 6));
  const d = Number(code.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const successOf = <T extends z.ZodType>(data: T) => z.object({ data });

/** The answer of a call that reports nothing but its success (a deletion, a mail sent, a sign-out). */
export const emptyResponse = z.object({});
export type EmptyResponse = z.infer<typeof emptyResponse>;

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  }),
});

export const emptyBody = z.object({}).strict().optional();
