import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  IMPORT_MAX_ITEMS,
  type ImportField,
  type ImportMapping,
  type ImportProblem,
  type ImportSource,
  type ImportStatusMap,
  type StoryStatus,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { ImportItemData } from '../../db/schema/index.js';
import type { IssuesForImport } from '../github/import-issues.js';

/** A project member as the parser matches people: by e-mail, else by nickname (case ignored). */
export interface ImportPerson {
  memberInProjectIdx: number;
  memberIdx: number;
  email: string;
  nickname: string;
}

export interface ParsedImport {
  columns: string[];
  mapping: ImportMapping;
  items: ImportItemData[];
  /** Status as written → ours (the defaults, overridden by the caller's map). */
  statusMap: ImportStatusMap;
  matched: Map<string, ImportPerson>;
  unmatched: string[];
  problems: ImportProblem[];
}

const TITLE_MAX = 200;

/**
 * docs/product/import.md#statuses: the default map, by the status's words in en, ko and vi; anything
 * else becomes `pending`. The user changes it in the preview.
 */
export function defaultStatus(name: string): StoryStatus {
  const s = name.trim().toLowerCase();
  if (/(done|closed|resolved|complete|finished|완료|해결|종료|hoàn thành|xong|đã đóng)/.test(s))
    return 'completed';
  if (/(won.?t|not.?planned|reject|cancel|invalid|duplicate|거절|취소|từ chối|hủy)/.test(s))
    return 'rejected';
  if (/(progress|doing|review|testing|진행|검토|đang)/.test(s)) return 'inProgress';
  if (/(block|delay|지연|trễ)/.test(s)) return 'delayed';
  if (/(idea|consider|검토 전|고려|cân nhắc)/.test(s)) return 'considering';
  return 'pending';
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const code = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
};
/**
 * A date as the tools write it: ISO `2026-03-12` (with a time or not, Trello's `…T…Z`), Jira's
 * `12/Mar/26 10:30 AM`, `2026/03/12`, `2026.03.12` or `12.03.2026`. Null when it is none of them.
 */
export function readDate(value: string): string | null {
  const v = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(v);
  if (m) return code(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})\/([A-Za-z]{3})\/(\d{2,4})/.exec(v);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    const year = m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!;
    return month ? code(year, month, +m[1]!) : null;
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})/.exec(v);
  if (m) return code(+m[3]!, +m[2]!, +m[1]!);
  return null;
}

/** The Jira CSV export's documented column names (docs/product/import.md#jira), lower-cased → our field. */
const JIRA_COLUMNS: Record<string, ImportField> = {
  'issue key': 'key',
  summary: 'title',
  description: 'description',
  status: 'status',
  assignee: 'assignee',
  'due date': 'dueDate',
  'epic link': 'epic',
  parent: 'epic',
  sprint: 'milestone',
  comment: 'comment',
};

/** A guess for a CSV column, by its name in en, ko or vi; the user corrects it in the mapping step. */
export function guessField(column: string): ImportField | null {
  const c = column.trim().toLowerCase();
  if (JIRA_COLUMNS[c]) return JIRA_COLUMNS[c];
  const guesses: [RegExp, ImportField][] = [
    [/^(id|key|번호|키|mã)$/, 'key'],
    [/(title|name|task|제목|이름|tiêu đề|tên)/, 'title'],
    [/(desc|detail|note|설명|내용|mô tả)/, 'description'],
    [/(status|state|상태|trạng thái)/, 'status'],
    [/(assignee|owner|e-?mail|담당|người)/, 'assignee'],
    [/(due|deadline|end|마감|기한|hạn)/, 'dueDate'],
    [/(epic|에픽)/, 'epic'],
    [/(milestone|sprint|phase|마일스톤|스프린트|cột mốc)/, 'milestone'],
    [/(comment|댓글|bình luận)/, 'comment'],
  ];
  return guesses.find(([re]) => re.test(c))?.[1] ?? null;
}

function readCsvRows(text: string): string[][] {
  try {
    const rows: string[][] = parseCsv(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
    });
    return rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new AppError('IMPORT_FILE_MALFORMED', line ? { line } : undefined);
  }
}

interface Raw {
  row: number;
  key: string | null;
  kind: 'story' | 'epic';
  title: string;
  description: string;
  status: string;
  /** Everyone the source names (GitHub: every assignee; the files: one column or member). */
  assignees: string[];
  due: string;
  epic: string | null;
  milestone: string | null;
  milestoneDue?: string;
  comments: string[];
}

/** Jira's `date;author;text` comment (the text may itself hold semicolons). */
function jiraComment(value: string): string | null {
  const first = value.indexOf(';');
  const second = first < 0 ? -1 : value.indexOf(';', first + 1);
  if (second < 0) return null;
  const date = value.slice(0, first).trim();
  const author = value.slice(first + 1, second).trim();
  const text = value.slice(second + 1).trim();
  return text ? `${author}${date ? ` (${date})` : ''}: ${text}` : null;
}

function fromCsv(
  text: string,
  source: 'jira' | 'csv',
  sent: ImportMapping | undefined,
  problems: ImportProblem[],
) {
  const rows = readCsvRows(text);
  const header = rows[0]?.map((c) => c.trim());
  if (!header || rows.length < 2) throw new AppError('IMPORT_FILE_EMPTY');
  if (rows.length - 1 > IMPORT_MAX_ITEMS) throw new AppError('IMPORT_TOO_MANY_ROWS');
  const mapping: ImportMapping = {};
  if (source === 'jira') {
    for (const c of header) {
      const field = JIRA_COLUMNS[c.toLowerCase()];
      if (field) mapping[c] = field;
    }
  } else if (sent) Object.assign(mapping, sent);
  else
    for (const c of header) {
      const guess = guessField(c);
      if (guess && (guess === 'comment' || !Object.values(mapping).includes(guess))) mapping[c] = guess;
    }
  if (!Object.values(mapping).includes('title') || !header.some((c) => mapping[c] === 'title'))
    throw new AppError('IMPORT_COLUMNS_MISSING');
  const typeAt = header.findIndex((c) => c.toLowerCase() === 'issue type');
  const idAt = header.findIndex((c) => c.toLowerCase() === 'issue id');
  const epicNameAt = header.findIndex((c) => c.toLowerCase() === 'epic name');
  const labelAt = header.flatMap((c, i) => (c.toLowerCase() === 'labels' ? [i] : []));
  const raws: Raw[] = [];
  /** Jira: an epic's key (and id) → its name, so a story's Epic Link / Parent finds it. */
  const epicNames = new Map<string, string>();
  for (const [n, cells] of rows.slice(1).entries()) {
    const row = n + 2;
    const values = (field: ImportField) =>
      header.flatMap((c, i) => (mapping[c] === field && cells[i]?.trim() ? [cells[i].trim()] : []));
    const one = (field: ImportField) => values(field)[0] ?? '';
    const isEpic = source === 'jira' && /^(epic|에픽|sử thi)$/i.test(cells[typeAt]?.trim() ?? '');
    const title = one('title') || (isEpic ? (cells[epicNameAt]?.trim() ?? '') : '');
    const labels = labelAt.map((i) => cells[i]?.trim()).filter(Boolean);
    let description = one('description');
    if (labels.length) description = `${description}${description ? '\n\n' : ''}Labels: ${labels.join(', ')}`;
    const comments: string[] = [];
    for (const c of values('comment')) {
      if (source !== 'jira') comments.push(c);
      else {
        const read = jiraComment(c);
        if (read) comments.push(read);
        else problems.push({ row, code: 'commentUnreadable', skipped: false, value: c.slice(0, 80) });
      }
    }
    const key = one('key') || null;
    if (isEpic && key) {
      const name = (cells[epicNameAt]?.trim() || title).slice(0, 100);
      epicNames.set(key, name);
      if (cells[idAt]?.trim()) epicNames.set(cells[idAt].trim(), name);
    }
    raws.push({
      row,
      key,
      kind: isEpic ? 'epic' : 'story',
      title,
      description,
      status: one('status'),
      assignees: [one('assignee')],
      due: one('dueDate'),
      epic: one('epic') || null,
      milestone: values('milestone').at(-1) ?? null,
      comments,
    });
  }
  for (const r of raws) if (r.epic) r.epic = epicNames.get(r.epic) ?? r.epic;
  return { columns: header, mapping, raws };
}

interface TrelloBoard {
  lists?: { id: string; name: string }[];
  cards?: {
    id: string;
    name?: string;
    desc?: string;
    idList?: string;
    idLabels?: string[];
    idMembers?: string[];
    closed?: boolean;
    due?: string | null;
    idChecklists?: string[];
  }[];
  labels?: { id: string; name?: string; color?: string }[];
  members?: { id: string; fullName?: string; username?: string }[];
  checklists?: {
    id: string;
    idCard?: string;
    name?: string;
    checkItems?: { name?: string; state?: string }[];
  }[];
  actions?: {
    type?: string;
    date?: string;
    data?: { card?: { id?: string }; text?: string };
    memberCreator?: { fullName?: string; username?: string };
  }[];
}

/** Trello's status for an archived card (docs/product/import.md#trello), in the status map like a list. */
export const TRELLO_ARCHIVED = 'Archived';

function fromTrello(text: string) {
  let board: TrelloBoard;
  try {
    board = JSON.parse(text.replace(/^\uFEFF/, '')) as TrelloBoard;
  } catch {
    throw new AppError('IMPORT_FILE_MALFORMED');
  }
  if (!board || typeof board !== 'object' || !Array.isArray(board.cards) || !Array.isArray(board.lists))
    throw new AppError('IMPORT_FILE_MALFORMED');
  if (board.cards.length === 0) throw new AppError('IMPORT_FILE_EMPTY');
  if (board.cards.length > IMPORT_MAX_ITEMS) throw new AppError('IMPORT_TOO_MANY_ROWS');
  const lists = new Map(board.lists.map((l) => [l.id, l.name]));
  const labels = new Map((board.labels ?? []).map((l) => [l.id, l.name || l.color || '']));
  const members = new Map((board.members ?? []).map((m) => [m.id, m.fullName || m.username || '']));
  const checklists = new Map<string, string[]>();
  for (const c of board.checklists ?? []) {
    const lines = [
      `${c.name ?? ''}:`,
      ...(c.checkItems ?? []).map((i) => `- [${i.state === 'complete' ? 'x' : ' '}] ${i.name ?? ''}`),
    ];
    checklists.set(c.id, lines);
  }
  const comments = new Map<string, { at: string; text: string }[]>();
  for (const a of board.actions ?? []) {
    const cardId = a.data?.card?.id;
    if (a.type !== 'commentCard' || !cardId || !a.data?.text) continue;
    const who = a.memberCreator?.fullName || a.memberCreator?.username || '';
    const list = comments.get(cardId) ?? [];
    list.push({
      at: a.date ?? '',
      text: `${who}${a.date ? ` (${a.date.slice(0, 10)})` : ''}: ${a.data.text}`,
    });
    comments.set(cardId, list);
  }
  const raws: Raw[] = board.cards.map((card, i) => {
    const checks = (card.idChecklists ?? []).flatMap((id) => checklists.get(id) ?? []);
    const desc = [card.desc ?? '', checks.join('\n')].filter(Boolean).join('\n\n');
    return {
      row: i + 1,
      key: card.id,
      kind: 'story' as const,
      title: (card.name ?? '').trim(),
      description: desc,
      status: card.closed ? TRELLO_ARCHIVED : (lists.get(card.idList ?? '') ?? ''),
      assignees: [members.get(card.idMembers?.[0] ?? '') ?? ''],
      due: card.due ?? '',
      epic: labels.get(card.idLabels?.[0] ?? '') || null,
      milestone: null,
      // Trello lists comments newest first: ours read oldest first.
      comments: (comments.get(card.id) ?? []).sort((a, b) => a.at.localeCompare(b.at)).map((c) => c.text),
    };
  });
  return { columns: [] as string[], mapping: {} as ImportMapping, raws };
}

/**
 * docs/product/import.md#github: an issue's state as the status map shows it. Open (reopened too)
 * is `open`; closed is `closed`, or its reason when GitHub gives one other than completed
 * (`not planned`, `duplicate`), so each can be mapped on its own.
 */
export function githubStatus(state: 'open' | 'closed', reason: string | null): string {
  if (state === 'open') return 'open';
  if (reason === 'not_planned') return 'not planned';
  if (reason === 'duplicate') return 'duplicate';
  return 'closed';
}

/** The source key of an issue: `github:<owner>/<repo>#<number>`, the same for every import of it. */
export const githubKey = (repo: string, issue: number) => `github:${repo}#${issue}`;

function fromGithub(data: IssuesForImport) {
  if (data.issues.length > IMPORT_MAX_ITEMS) throw new AppError('IMPORT_TOO_MANY_ROWS');
  // Oldest first: the backlog then reads in the order the issues were opened.
  const issues = [...data.issues].sort((a, b) => a.number - b.number);
  const raws: Raw[] = issues.map((issue) => {
    const labels = issue.labels.filter(Boolean);
    const body = issue.body.trim();
    return {
      row: issue.number,
      key: githubKey(data.repo, issue.number),
      kind: 'story' as const,
      title: issue.title.trim(),
      description: labels.length ? `${body}${body ? '\n\n' : ''}Labels: ${labels.join(', ')}` : body,
      status: githubStatus(issue.state, issue.stateReason),
      assignees: issue.assignees,
      due: '',
      // Like Trello's labels: GitHub has no epics, its first label is the closest grouping.
      epic: labels[0] ?? null,
      milestone: issue.milestone?.title.trim() || null,
      milestoneDue: issue.milestone?.dueOn ?? undefined,
      comments: issue.commentList
        .filter((c) => c.body.trim())
        .map((c) => `${c.author}${c.createdAt ? ` (${c.createdAt.slice(0, 10)})` : ''}: ${c.body.trim()}`),
    };
  });
  return { columns: [] as string[], mapping: {} as ImportMapping, raws };
}

/**
 * Reads an export into the rows an import writes, and what is wrong with them (docs/product/import.md).
 * A file that cannot be read at all is refused with IMPORT_FILE_MALFORMED; a row without a title is
 * skipped and listed; an unreadable date is dropped and listed.
 */
export function parseImport(
  input: { source: ImportSource; text: string; mapping?: ImportMapping; statusMap?: ImportStatusMap },
  people: ImportPerson[],
  /** The `github` source's issues, read from GitHub before (never inside a transaction). */
  github?: IssuesForImport,
): ParsedImport {
  if (input.source !== 'github' && !input.text.trim()) throw new AppError('IMPORT_FILE_EMPTY');
  const problems: ImportProblem[] = [];
  const { columns, mapping, raws } =
    input.source === 'github'
      ? fromGithub(github ?? { repo: '', issues: [], accounts: [] })
      : input.source === 'trello'
        ? fromTrello(input.text)
        : fromCsv(input.text, input.source, input.mapping, problems);
  const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const byName = new Map(people.map((p) => [p.nickname.toLowerCase(), p]));
  // GitHub: a login a member connected GitHub with is theirs, before e-mail and nickname.
  const byLogin = new Map<string, ImportPerson>();
  for (const a of github?.accounts ?? []) {
    const person = people.find((p) => p.memberIdx === a.memberIdx);
    if (person) byLogin.set(a.login.toLowerCase(), person);
  }
  const matched = new Map<string, ImportPerson>();
  const unmatched = new Set<string>();
  const statusMap: ImportStatusMap = {};
  const items: ImportItemData[] = [];
  const seen = new Map<string, number>();
  for (const r of raws) {
    if (!r.title) {
      problems.push({ row: r.row, code: 'titleMissing', skipped: true, value: '' });
      continue;
    }
    // eslint-disable-next-line no-control-regex -- a title is one line: control characters become spaces
    let title = r.title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
    if (title.length > TITLE_MAX) {
      problems.push({ row: r.row, code: 'titleTruncated', skipped: false, value: title.slice(0, 80) });
      title = title.slice(0, TITLE_MAX);
    }
    // Without a key, the row's content is its key: the same row imported again is found again.
    let key =
      r.key ?? `h:${createHash('sha256').update(`${title}\n${r.description}`).digest('hex').slice(0, 24)}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    if (n > 0) {
      if (r.key) {
        problems.push({ row: r.row, code: 'duplicateKey', skipped: true, value: r.key });
        continue;
      }
      key = `${key}:${n}`;
    }
    let endDt: string | null = null;
    if (r.due) {
      endDt = readDate(r.due);
      if (!endDt)
        problems.push({ row: r.row, code: 'dateUnreadable', skipped: false, value: r.due.slice(0, 80) });
    }
    const assigneeIdxs: number[] = [];
    for (const name of r.assignees) {
      if (!name) continue;
      const who = name.toLowerCase();
      const person = byLogin.get(who) ?? byEmail.get(who) ?? byName.get(who);
      if (!person) {
        unmatched.add(name);
        continue;
      }
      matched.set(name, person);
      if (!assigneeIdxs.includes(person.memberInProjectIdx)) assigneeIdxs.push(person.memberInProjectIdx);
    }
    const status = r.status.trim();
    if (r.kind === 'story' && status && !(status in statusMap))
      statusMap[status] = input.statusMap?.[status] ?? defaultStatus(status);
    items.push({
      row: r.row,
      key,
      kind: r.kind,
      title,
      description: r.description.slice(0, 20_000),
      status,
      assigneeIdxs,
      endDt,
      epic: r.epic?.slice(0, 100) ?? null,
      milestone: r.milestone?.slice(0, 200) ?? null,
      ...(r.milestoneDue ? { milestoneDue: readDate(r.milestoneDue) } : {}),
      comments: r.comments.map((c) => c.slice(0, 5000)),
    });
  }
  return { columns, mapping, items, statusMap, matched, unmatched: [...unmatched], problems };
}
