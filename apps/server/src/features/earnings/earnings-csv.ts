import { interpolate } from '@teamline/contract/i18n';
import { BOM, csvRow } from '../settlement/export/settlement-csv.js';
import { isoDate, isoMonth, percentOfBasisPoints } from '../settlement/export/statement.js';
import { currencySections, earningsLabelsOf, periodOf, plainAmount } from './earnings-statement.js';
import type { EarningsStatement } from './earnings.service.js';

/**
 * The yearly statement as CSV text, as the settlement export writes CSV (UTF-8 with a BOM for
 * Excel, RFC 4180 quoting, formula-looking text cells defused by `csvCell`): the payer, the earner
 * and the period, then per currency one row per settlement (month, status, payment day, rate,
 * gross, withholding, net as plain decimals) and the currency's total row.
 */
export function earningsCsv(statement: EarningsStatement): string {
  const labels = earningsLabelsOf(statement);
  const e = labels.earnings;
  let text =
    BOM +
    csvRow([e.title]) +
    csvRow([e.payer, statement.payerName]) +
    csvRow([e.project, statement.projectName]) +
    csvRow([e.earner, statement.earnerName]) +
    csvRow([e.period, periodOf(statement.year)]) +
    csvRow([e.basis]) +
    '\r\n' +
    csvRow([
      e.columns.month,
      e.currency,
      e.columns.status,
      e.columns.paidDt,
      e.columns.rate,
      e.columns.gross,
      e.columns.withholding,
      e.columns.net,
    ]);
  for (const { currency, rows, total } of currencySections(statement.settlements)) {
    for (const s of rows)
      text += csvRow([
        isoMonth(s.month),
        currency,
        labels.statuses[s.status],
        s.paidDt ? isoDate(s.paidDt) : '',
        percentOfBasisPoints(s.withholdingRateBp, statement.lang),
        plainAmount(s.grossAmount, currency),
        plainAmount(s.withholdingAmount, currency),
        plainAmount(s.netAmount, currency),
      ]);
    text += csvRow([
      interpolate(e.total, { currency }),
      currency,
      '',
      '',
      '',
      plainAmount(total!.grossAmount, currency),
      plainAmount(total!.withholdingAmount, currency),
      plainAmount(total!.netAmount, currency),
    ]);
  }
  return text;
}
