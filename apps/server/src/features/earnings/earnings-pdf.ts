import { formatMinorUnits } from '@teamline/contract';
import { interpolate } from '@teamline/contract/i18n';
import { openStatementPdf, STATEMENT_PDF } from '../settlement/export/statement-pdf.js';
import { percentOfBasisPoints, readableDate, readableMonth } from '../settlement/export/statement.js';
import { currencySections, earningsLabelsOf } from './earnings-statement.js';
import type { EarningsStatement } from './earnings.service.js';

const { MARGIN, LINE_COLOR, MUTED } = STATEMENT_PDF;
const ROW_GAP = 4;
/** Table columns: x offset from the left margin, width, alignment (A4 less margins is 499 pt). */
const COLUMNS = {
  month: { x: 0, width: 62, align: 'left' },
  status: { x: 64, width: 66, align: 'left' },
  paidDt: { x: 132, width: 72, align: 'left' },
  rate: { x: 206, width: 44, align: 'right' },
  gross: { x: 252, width: 84, align: 'right' },
  withholding: { x: 338, width: 78, align: 'right' },
  net: { x: 418, width: 81, align: 'right' },
} as const;

/**
 * The yearly statement as a PDF (A4), with the settlement export's font (Noto Sans KR: Hangul,
 * Latin and Vietnamese in one embedded, subset font): title, payer, project, earner and period, the
 * basis of the amounts, then per currency a table of the settlements and its total, "page n of m".
 */
export async function earningsPdf(statement: EarningsStatement): Promise<Buffer> {
  const { lang } = statement;
  const labels = earningsLabelsOf(statement);
  const e = labels.earnings;
  const { doc, left, width, bottom, finish } = await openStatementPdf({
    lang,
    title: `${e.title} ${statement.year} ${statement.payerName}`,
    subject: statement.earnerName,
  });

  doc.font('bold').fontSize(17).fillColor('black').text(e.title, left, MARGIN, { width });
  doc.moveDown(0.6);
  const facts: [string, string][] = [
    [e.payer, statement.payerName],
    [e.project, statement.projectName],
    [e.earner, statement.earnerName],
    [
      e.period,
      `${readableMonth(`${statement.year}01`, lang)} – ${readableMonth(`${statement.year}12`, lang)}`,
    ],
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('body').fillColor(MUTED).text(label, left, y, { width: 130 });
    const labelBottom = doc.y;
    doc
      .font('body')
      .fillColor('black')
      .text(value, left + 135, y, { width: width - 135 });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  }
  doc.moveDown(0.5);
  doc.font('body').fontSize(8.5).fillColor(MUTED).text(e.basis, left, doc.y, { width });
  doc.moveDown(1);

  const cell = (text: string, column: keyof typeof COLUMNS, y: number) => {
    const { x, width: w, align } = COLUMNS[column];
    doc.text(text, left + x, y, { width: w, align, lineBreak: false });
  };
  const rule = (y: number, strong: boolean) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(strong ? 0.8 : 0.4)
      .strokeColor(strong ? 'black' : LINE_COLOR)
      .stroke();
  const header = () => {
    const y = doc.y;
    doc.font('bold').fontSize(9).fillColor('black');
    for (const column of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) cell(e.columns[column], column, y);
    const lineY = y + doc.currentLineHeight() + 2;
    rule(lineY, true);
    doc.y = lineY + ROW_GAP;
    doc.font('body');
  };
  for (const { currency, rows, total } of currencySections(statement.settlements)) {
    const money = (amount: number) => formatMinorUnits(amount, currency, lang);
    const rowHeight = doc.fontSize(9).currentLineHeight(true) + ROW_GAP;
    if (doc.y + rowHeight * 4 > bottom()) doc.addPage();
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('black')
      .text(`${e.currency}: ${currency}`, left, doc.y, { width });
    doc.moveDown(0.3);
    header();
    for (const s of rows) {
      if (doc.y + rowHeight > bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      doc.font('body').fontSize(9).fillColor('black');
      cell(readableMonth(s.month, lang), 'month', y);
      cell(labels.statuses[s.status], 'status', y);
      cell(s.paidDt ? readableDate(s.paidDt, lang) : '', 'paidDt', y);
      cell(percentOfBasisPoints(s.withholdingRateBp, lang), 'rate', y);
      cell(money(s.grossAmount), 'gross', y);
      cell(money(s.withholdingAmount), 'withholding', y);
      cell(money(s.netAmount), 'net', y);
      rule(y + rowHeight - ROW_GAP / 2, false);
      doc.y = y + rowHeight;
    }
    if (doc.y + rowHeight > bottom()) doc.addPage();
    const y = doc.y + 2;
    doc.font('bold').fontSize(9).fillColor('black');
    cell(interpolate(e.total, { currency }), 'month', y);
    cell(money(total!.grossAmount), 'gross', y);
    cell(money(total!.withholdingAmount), 'withholding', y);
    cell(money(total!.netAmount), 'net', y);
    doc.y = y + rowHeight + 14;
  }

  return finish(labels.page);
}
