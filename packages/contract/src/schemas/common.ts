import { z } from 'zod';

/**
 * Messages in these schemas are translation keys (`validation.<key>` in every language), so that
 * the server's fieldErrors and the web app's forms show the same translated text.
 */
/** The range of a PostgreSQL `integer` column: anything outside it is refused before the database sees it. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** A whole number that fits an `integer` column. */
export const int4 = z.number().int().min(INT4_MIN, 'numberRange').max(INT4_MAX, 'numberRange');
/** A row id: positive and within an `integer` column (ids arrive as path or query text, hence coerce). */
export const idx = z.coerce.number().int().positive().max(INT4_MAX, 'numberRange');

/**
 * Text fields refuse control characters (NUL cannot even be stored by PostgreSQL): single-line text
 * refuses all of C0 and DEL, multi-line text allows tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const singleLinePattern = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const multiLinePattern = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
/** A string with no control characters (for `z.string()...` chains: `.regex(...)` keeps the type). */
export const singleLine = () => z.string().regex(singleLinePattern, 'controlCharacters');
/** A string that may span lines and hold tabs, but no other control characters. */
export const multiLine = () => z.string().regex(multiLinePattern, 'controlCharacters');

/** `YYYYMMDD` (spec §5 date format). */
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

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  }),
});

export const emptyBody = z.object({}).strict().optional();
