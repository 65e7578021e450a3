import { z } from 'zod';
import {
  aiDocumentTypes,
  aiReportTypes,
  codeOfIso,
  type AiDocumentRequest,
  type AiDocumentType,
} from '../api/ai-types';

/** What the AI document form's inputs hold: dates as the `YYYY-MM-DD` of a date input (the contract's format). */
export interface AiDocumentValues {
  type: AiDocumentType | '';
  referenceDate: string;
  periodStart: string;
  periodEnd: string;
}

export const emptyAiDocumentValues: AiDocumentValues = {
  type: '',
  referenceDate: '',
  periodStart: '',
  periodEnd: '',
};

/** Weekly and monthly reports read the project's activity in a collection period. */
export const isReport = (type: AiDocumentType | ''): boolean => type !== '' && aiReportTypes.includes(type);

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The collection period a report gets from its reference day (`YYYY-MM-DD`), so the form is complete
 * once type and day are picked: a weekly report the week of that day (Monday to Sunday), a monthly
 * report its calendar month. Null for other types or without a day; the user may still change it.
 */
export function reportPeriod(
  type: AiDocumentType | '',
  referenceDate: string,
): { periodStart: string; periodEnd: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(referenceDate);
  if (!match || !isReport(type)) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (type === 'monthlyReport')
    return {
      periodStart: isoOf(new Date(Date.UTC(y, m - 1, 1))),
      periodEnd: isoOf(new Date(Date.UTC(y, m, 0))),
    };
  const day = new Date(Date.UTC(y, m - 1, d));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return {
    periodStart: isoOf(new Date(Date.UTC(y, m - 1, d - sinceMonday))),
    periodEnd: isoOf(new Date(Date.UTC(y, m - 1, d - sinceMonday + 6))),
  };
}

/**
 * docs/product/documents-and-ai.md#ai-documents: a document type and a reference date must be selected; a report needs all
 * collection-period dates, and the start must be before the end. Each message is a key the dialog
 * words on its field (`typeRequired`, `dateRequired`, `periodRequired`, `periodOrder`).
 */
export const aiDocumentForm = z
  .object({
    type: z.enum(['', ...aiDocumentTypes], { message: 'typeRequired' }),
    referenceDate: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.type === '') {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'typeRequired' });
    }
    if (!v.referenceDate) ctx.addIssue({ code: 'custom', path: ['referenceDate'], message: 'dateRequired' });
    if (!isReport(v.type)) return;
    if (!v.periodStart) ctx.addIssue({ code: 'custom', path: ['periodStart'], message: 'periodRequired' });
    if (!v.periodEnd) ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'periodRequired' });
    if (v.periodStart && v.periodEnd && v.periodStart >= v.periodEnd) {
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'periodOrder' });
    }
  }) satisfies z.ZodType<AiDocumentValues, AiDocumentValues>;

/**
 * The contract's `aiDocumentRequest` from valid values (the inputs' ISO dates as `YYYYMMDD`
 * codes), the period only for a report. The contract checks the same rules again on the server.
 */
export function aiDocumentRequest(
  values: AiDocumentValues,
  projectIdx: number,
  folderIdx: number | null,
): AiDocumentRequest {
  const report = isReport(values.type);
  return {
    projectIdx,
    type: values.type as AiDocumentType,
    referenceDt: codeOfIso(values.referenceDate)!,
    ...(report
      ? { periodStartDt: codeOfIso(values.periodStart), periodEndDt: codeOfIso(values.periodEnd) }
      : {}),
    ...(folderIdx != null ? { folderIdx } : {}),
  };
}
