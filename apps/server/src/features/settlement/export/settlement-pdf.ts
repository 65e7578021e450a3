import { formatMinorUnits } from '@teamline/contract';
import { interpolate } from '@teamline/contract/i18n';
import {
  hoursAndMinutes,
  labelsOf,
  percentOfBasisPoints,
  readableDate,
  readableMonth,
  storyOf,
  type SettlementStatement,
} from './statement.js';
import { openStatementPdf, STATEMENT_PDF } from './statement-pdf.js';

const { MARGIN, LINE_COLOR, MUTED } = STATEMENT_PDF;
const BODY_SIZE = 9;
const ROW_GAP = 4;
/** Table columns: x offset from the left margin, width, alignment. The story takes what is left. */
const COLUMNS = {
  date: { x: 0, width: 64, align: 'left' },
  story: { x: 68, width: 195, align: 'left' },
  minutes: { x: 267, width: 44, align: 'right' },
  hours: { x: 315, width: 62, align: 'right' },
  amount: { x: 381, width: 118, align: 'right' },
} as const;

/**
 * The statement as a PDF (A4): title, project, professional, month, the contract's terms, status
 * and payment (dates and months written as the app writes them for the reader, not ISO), a table of the lines (header repeated on every page), totals, and "page n of m" on
 * every page, all in the statement's language.
 */
export async function settlementPdf(statement: SettlementStatement): Promise<Buffer> {
  const { settlement, lang } = statement;
  const labels = labelsOf(lang);
  const money = (amount: number) => formatMinorUnits(amount, settlement.currency, lang);
  const { doc, left, width, bottom, finish } = await openStatementPdf({
    lang,
    title: `${labels.title} ${readableMonth(settlement.month, lang)} ${statement.memberName}`,
    subject: statement.projectName,
  });

  // Title and the terms.
  doc.font('bold').fontSize(18).fillColor('black').text(labels.title, left, MARGIN, { width });
  doc.moveDown(0.6);
  const facts: [string, string][] = [
    [labels.project, statement.projectName],
    [labels.professional, statement.memberName],
    [labels.month, readableMonth(settlement.month, lang)],
    [labels.dailyRate, money(settlement.dailyRate)],
    [labels.withholdingRate, percentOfBasisPoints(settlement.withholdingRateBp, lang)],
    [labels.status, labels.statuses[settlement.status]],
  ];
  if (settlement.paidDt) facts.push([labels.paidDt, readableDate(settlement.paidDt, lang)]);
  if (settlement.paidReference) facts.push([labels.paidReference, settlement.paidReference]);
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
  doc.moveDown(1);

  // The lines.
  const cell = (
    text: string,
    column: keyof typeof COLUMNS,
    y: number,
    options: PDFKit.Mixins.TextOptions = {},
  ) => {
    const { x, width: w, align } = COLUMNS[column];
    doc.text(text, left + x, y, { width: w, align, lineBreak: false, ...options });
  };
  const header = () => {
    const y = doc.y;
    doc.font('bold').fontSize(BODY_SIZE).fillColor('black');
    cell(labels.columns.date, 'date', y);
    cell(labels.columns.story, 'story', y);
    cell(labels.columns.minutes, 'minutes', y);
    cell(labels.columns.hours, 'hours', y);
    cell(labels.columns.amount, 'amount', y);
    const lineY = y + doc.currentLineHeight() + 2;
    doc
      .moveTo(left, lineY)
      .lineTo(left + width, lineY)
      .lineWidth(0.8)
      .strokeColor('black')
      .stroke();
    doc.y = lineY + ROW_GAP;
    doc.font('body');
  };
  header();
  const lines = settlement.lines ?? [];
  if (lines.length === 0) {
    doc.fillColor(MUTED).text(labels.noLines, left, doc.y, { width });
    doc.moveDown(0.5);
  }
  const lineHeight = doc.currentLineHeight(true);
  for (const line of lines) {
    const story = storyOf(line, labels);
    // A story title takes at most two lines; a longer one ends with an ellipsis.
    const storyHeight = Math.min(doc.heightOfString(story, { width: COLUMNS.story.width }), lineHeight * 2);
    const rowHeight = Math.max(lineHeight, storyHeight) + ROW_GAP;
    if (doc.y + rowHeight > bottom()) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.fillColor('black');
    cell(readableDate(line.workDt, lang), 'date', y);
    cell(story, 'story', y, { lineBreak: true, height: lineHeight * 2, ellipsis: true });
    cell(String(line.minutes), 'minutes', y);
    cell(hoursAndMinutes(line.minutes), 'hours', y);
    cell(money(line.amount), 'amount', y);
    const lineY = y + rowHeight - ROW_GAP / 2;
    doc
      .moveTo(left, lineY)
      .lineTo(left + width, lineY)
      .lineWidth(0.4)
      .strokeColor(LINE_COLOR)
      .stroke();
    doc.y = y + rowHeight;
  }

  // Totals, kept together on one page.
  const totals: [string, string, boolean][] = [
    [labels.totalMinutes, `${hoursAndMinutes(settlement.minutes)} (${settlement.minutes})`, false],
    [labels.gross, money(settlement.grossAmount), false],
    [
      interpolate(labels.withholding, { rate: percentOfBasisPoints(settlement.withholdingRateBp, lang) }),
      money(settlement.withholdingAmount),
      false,
    ],
    [labels.net, money(settlement.netAmount), true],
  ];
  doc.fontSize(10);
  const totalsHeight = totals.length * (doc.currentLineHeight(true) + ROW_GAP) + 12;
  if (doc.y + totalsHeight > bottom()) doc.addPage();
  doc.y += 8;
  for (const [label, value, strong] of totals) {
    const y = doc.y;
    doc.font(strong ? 'bold' : 'body').fillColor('black');
    doc.text(label, left + 200, y, { width: 170, lineBreak: false });
    doc.text(value, left + COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: 'right',
      lineBreak: false,
    });
    doc.y = y + doc.currentLineHeight(true) + ROW_GAP;
  }

  return finish(labels.page);
}
