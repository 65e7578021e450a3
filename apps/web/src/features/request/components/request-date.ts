import type { Language, MemberRequest } from '@teamline/contract';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/format';

/**
 * The date a request shows: a general request's due date, or a contract offer's start (its `dueDt`
 * is the contract's first day, often already past, so "due" would read as overdue).
 */
export const requestDateText = (t: TFunction, r: Pick<MemberRequest, 'kind' | 'dueDt'>, lang: Language) =>
  t(r.kind === 'contract' ? 'ui.request.starts' : 'ui.request.due', { date: formatDate(r.dueDt, lang) });
