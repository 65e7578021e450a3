import { z } from 'zod';

/**
 * Messages in these schemas are translation keys (`validation.<key>` in every language), so that
 * the server's fieldErrors and the web app's forms show the same translated text.
 */
export const idx = z.coerce.number().int().positive();

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
