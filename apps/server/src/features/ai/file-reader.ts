import { parse as parseCsv } from 'csv-parse/sync';
import { AppError } from '../../shared/app-error.js';

/** What a plan file is, read from its first bytes (never from its name). */
export type PlanFileKind = 'pdf' | 'docx' | 'txt' | 'csv';

/** One line of a plan, with where it was and how it looked (a heading, a list item, plain text). */
export interface PlanLine {
  text: string;
  style: 'heading' | 'item' | 'text';
  /** Heading level (1 = top) or list depth (1 = top). */
  level: number;
  page: number | null;
  line: number | null;
}

export interface PlanText {
  kind: PlanFileKind;
  lines: PlanLine[];
  /** Table rows (CSV, or tables in a Word file), header first. */
  tables: string[][][];
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * The kind of a plan file by content: `%PDF-`, a zip holding `word/document.xml` (Word .docx), or
 * UTF-8 text without NUL bytes (CSV when its first line splits into two or more columns the same way
 * as the next lines, else TXT). Anything else is AI_FILE_TYPE_NOT_ALLOWED; an empty file AI_FILE_EMPTY.
 */
export function detectPlanFile(bytes: Buffer): PlanFileKind {
  if (bytes.length === 0 || bytes.toString('utf8').trim() === '') throw new AppError('AI_FILE_EMPTY');
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (isZip(bytes)) {
    if (bytes.includes(Buffer.from('word/document.xml'))) return 'docx';
    throw new AppError('AI_FILE_TYPE_NOT_ALLOWED');
  }
  if (bytes.includes(0)) throw new AppError('AI_FILE_TYPE_NOT_ALLOWED');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if ((text.match(/\uFFFD/g)?.length ?? 0) > text.length / 100)
    throw new AppError('AI_FILE_TYPE_NOT_ALLOWED');
  return looksLikeCsv(text) ? 'csv' : 'txt';
}

function looksLikeCsv(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 6);
  if (lines.length < 2) return false;
  for (const delimiter of [',', ';', '\t']) {
    const counts = lines.map((l) => l.split(delimiter).length);
    if (counts[0]! >= 2 && counts.every((c) => c === counts[0])) return true;
  }
  return false;
}

const listMarker = /^\s*(?:[-*•·▪◦‣]|\d+[.)]\d*[.)]?|[a-z][.)]|\[[ xX]?\]|☐|☑|□|■)\s+/u;
const headingMarker = /^\s*(#{1,6})\s+/;

/** Plain text lines: Markdown-style `#` headings and list markers are understood, indentation is depth. */
export function linesOfText(text: string, page: number | null = null): PlanLine[] {
  const out: PlanLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    const heading = headingMarker.exec(raw);
    const line = page === null ? i + 1 : null;
    if (heading) {
      out.push({
        text: raw.slice(heading[0].length).trim(),
        style: 'heading',
        level: heading[1]!.length,
        page,
        line,
      });
      return;
    }
    const indent = /^\s*/.exec(raw)![0].replace(/\t/g, '  ').length;
    if (listMarker.test(raw)) {
      out.push({ text: raw.trim(), style: 'item', level: 1 + Math.floor(indent / 2), page, line });
      return;
    }
    out.push({ text: raw.trim(), style: 'text', level: 0, page, line });
  });
  return out;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => entities[e]!);

/** Word's headings, list items (with depth), paragraphs and tables, from mammoth's HTML. */
function linesOfWordHtml(html: string): { lines: PlanLine[]; tables: string[][][] } {
  const lines: PlanLine[] = [];
  const tables: string[][][] = [];
  let depth = 0;
  let buffer = '';
  let block: { style: PlanLine['style']; level: number } | null = null;
  let table: string[][] | null = null;
  let row: string[] | null = null;
  let cell: string | null = null;
  const flush = () => {
    const text = decode(buffer).replace(/\s+/g, ' ').trim();
    buffer = '';
    if (cell !== null) {
      cell += (cell ? ' ' : '') + text;
      return;
    }
    if (text && block) lines.push({ text, style: block.style, level: block.level, page: null, line: null });
  };
  const tags = /<(\/?)(h[1-6]|p|li|ul|ol|table|tr|td|th|br)\b[^>]*>|<[^>]+>|([^<]+)/g;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    if (m[3] !== undefined) {
      buffer += m[3];
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2];
    if (!tag) continue;
    if (tag === 'br') buffer += ' ';
    else if (tag === 'ul' || tag === 'ol') {
      flush();
      depth += closing ? -1 : 1;
    } else if (tag === 'li' || tag === 'p' || /^h\d$/.test(tag)) {
      flush();
      if (closing) continue;
      if (/^h\d$/.test(tag)) block = { style: 'heading', level: Number(tag[1]) };
      else if (tag === 'li') block = { style: 'item', level: depth };
      // A paragraph inside a list item continues the item; elsewhere it is plain text.
      else if (depth === 0) block = { style: 'text', level: 0 };
    } else if (tag === 'table') {
      flush();
      if (closing && table) tables.push(table);
      table = closing ? null : [];
    } else if (tag === 'tr') {
      if (closing && row && table) table.push(row);
      row = closing ? null : [];
    } else if (tag === 'td' || tag === 'th') {
      if (closing) {
        flush();
        row?.push(cell ?? '');
        cell = null;
      } else cell = '';
    }
  }
  flush();
  return { lines, tables };
}

/** The text of a plan file, by kind. A PDF whose pages hold no text (a scan) is AI_FILE_NO_TEXT. */
export async function readPlanFile(
  bytes: Buffer,
  onPage?: (done: number, total: number) => void,
): Promise<PlanText> {
  const kind = detectPlanFile(bytes);
  if (kind === 'pdf') {
    let pages: string[];
    // The PDF and Word readers load with the first file of their kind, not at start.
    const { extractText, getDocumentProxy } = await import('unpdf');
    try {
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      pages = (await extractText(pdf, { mergePages: false })).text;
    } catch {
      throw new AppError('AI_FILE_TYPE_NOT_ALLOWED');
    }
    if (pages.every((p) => !p.trim())) throw new AppError('AI_FILE_NO_TEXT');
    const lines: PlanLine[] = [];
    pages.forEach((text, i) => {
      lines.push(...linesOfText(text, i + 1));
      onPage?.(i + 1, pages.length);
    });
    return { kind, lines, tables: [] };
  }
  if (kind === 'docx') {
    let html: string;
    const { default: mammoth } = await import('mammoth');
    try {
      html = (await mammoth.convertToHtml({ buffer: bytes })).value;
    } catch {
      throw new AppError('AI_FILE_TYPE_NOT_ALLOWED');
    }
    const { lines, tables } = linesOfWordHtml(html);
    if (lines.length === 0 && tables.length === 0) throw new AppError('AI_FILE_NO_TEXT');
    return { kind, lines, tables };
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (kind === 'csv') {
    const delimiter = [',', ';', '\t'].find((d) => text.split(/\r?\n/)[0]!.includes(d)) ?? ',';
    const rows: string[][] = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
    return { kind, lines: [], tables: [rows] };
  }
  return { kind, lines: linesOfText(text), tables: [] };
}
