import { Readable } from 'node:stream';
import { auditDetails, auditSentence, type AuditRecord, type Language } from '@teamline/contract';
import { BOM, csvRow } from '../settlement/export/settlement-csv.js';
import { auditTranslator } from './audit-texts.js';

const CHUNK_CHARS = 64 * 1024;

/**
 * The records as CSV (UTF-8 with BOM for Excel), headers and sentences in `lang`. Cells go through
 * the settlement CSV's `csvRow`, which guards cells starting with = + - @ (a nickname, a browser
 * string or a webhook name is typed by someone) and quotes as RFC 4180 says.
 */
export async function* auditCsv(
  records: AsyncIterable<AuditRecord>,
  lang: Language,
  projectName: (projectIdx: number | null) => string,
): AsyncGenerator<string, void, undefined> {
  const t = auditTranslator(lang);
  const c = (key: string) => t(`ui.audit.csv.${key}`);
  const person = (p: AuditRecord['actor']) => (p ? `${p.nickname ?? ''} (#${p.memberIdx})` : '');
  let chunk =
    BOM +
    csvRow(
      [
        'id',
        'time',
        'kind',
        'event',
        'details',
        'actor',
        'member',
        'project',
        'target',
        'address',
        'browser',
      ].map(c),
    );
  for await (const r of records) {
    chunk += csvRow([
      r.auditIdx,
      r.occurredAt,
      r.kind,
      auditSentence(r, t, lang),
      auditDetails(r, t, lang).join('; '),
      person(r.actor),
      person(r.member),
      projectName(r.projectIdx),
      r.target ? `${r.target.type} #${r.target.idx}` : '',
      r.ip ?? '',
      r.userAgent ?? '',
    ]);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

export const auditCsvStream = (...args: Parameters<typeof auditCsv>): Readable =>
  Readable.from(
    (async function* () {
      for await (const text of auditCsv(...args)) yield Buffer.from(text, 'utf8');
    })(),
    { objectMode: false },
  );
