import { Readable } from 'node:stream';
import { formatMinorUnits, type SettlementLineDto } from '@teamline/contract';
import { interpolate } from '@teamline/contract/i18n';
import {
  hoursAndMinutes,
  isoDate,
  labelsOf,
  percentOfBasisPoints,
  storyOf,
  type SettlementStatement,
} from './statement.js';

/** U+FEFF, written as EF BB BF: Excel reads the file as UTF-8 only when it starts with it. */
export const BOM = '\uFEFF';
/** Rows are gathered into chunks of about this many characters before they are handed on. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Characters that make a spreadsheet treat a cell as a formula (OWASP "CSV injection"): such a
 * cell gets a leading apostrophe, which Excel and LibreOffice show as text and do not evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): numbers as they are; text guarded against formulas, then quoted when it
 * holds a quote, a comma or a line break, with quotes doubled.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The statement as CSV text, piece by piece: the BOM, the header row in the statement's language,
 * one row per line (date, story, minutes, h:mm, amount in minor units, amount as people write it),
 * an empty row, then the totals (time, gross, withholding, net) from the settlement.
 *
 * `lines` defaults to the settlement's own; any (async) iterable works, read one line at a time, so
 * memory stays bounded by one chunk whatever the number of lines when the source streams too.
 */
export async function* settlementCsv(
  statement: SettlementStatement,
  lines: AsyncIterable<SettlementLineDto> | Iterable<SettlementLineDto> = statement.settlement.lines ?? [],
): AsyncGenerator<string, void, undefined> {
  const { settlement, lang } = statement;
  const labels = labelsOf(lang);
  const money = (amount: number) => formatMinorUnits(amount, settlement.currency, lang);
  const { columns } = labels;

  let chunk =
    BOM +
    csvRow([
      columns.date,
      columns.story,
      columns.minutes,
      columns.hours,
      columns.amountMinor,
      columns.amount,
    ]);
  for await (const line of lines) {
    chunk += csvRow([
      isoDate(line.workDt),
      storyOf(line, labels),
      line.minutes,
      hoursAndMinutes(line.minutes),
      line.amount,
      money(line.amount),
    ]);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  const withholding = interpolate(labels.withholding, {
    rate: percentOfBasisPoints(settlement.withholdingRateBp, lang),
  });
  chunk +=
    '\r\n' +
    csvRow([labels.totalMinutes, '', settlement.minutes, hoursAndMinutes(settlement.minutes), '', '']) +
    csvRow([labels.gross, '', '', '', settlement.grossAmount, money(settlement.grossAmount)]) +
    csvRow([withholding, '', '', '', settlement.withholdingAmount, money(settlement.withholdingAmount)]) +
    csvRow([labels.net, '', '', '', settlement.netAmount, money(settlement.netAmount)]);
  yield chunk;
}

/** The CSV as a byte stream (UTF-8) for a reply: it pulls the next chunk only when the socket drains. */
export function settlementCsvStream(
  statement: SettlementStatement,
  lines?: AsyncIterable<SettlementLineDto> | Iterable<SettlementLineDto>,
): Readable {
  return Readable.from(
    (async function* () {
      for await (const text of settlementCsv(statement, lines)) yield Buffer.from(text, 'utf8');
    })(),
    { objectMode: false },
  );
}
