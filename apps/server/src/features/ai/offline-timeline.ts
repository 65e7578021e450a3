import type { AiSource, DraftMilestone, DraftStory, TimelineDraft } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import { rangeIn, withoutDates } from './dates.js';
import type { PlanLine, PlanText } from './file-reader.js';

/**
 * The built-in offline generator of timeline drafts: no model, the file's own structure. A table
 * (CSV, or a table in a Word file) whose header names a story column is read row by row; otherwise
 * headings (or, in plain text, numbered or "Milestone/Phase/마일스톤/Giai đoạn…" lines and lines
 * ending in a colon) are milestones and the list items under them are stories. Dates come from each
 * line (dates.ts); a milestone without its own takes its stories' span. Epics come from a
 * `[Payments]` prefix, an `Epic: Payments` / `에픽: 결제` / `(epic Payments)` mark, or an epic column.
 * Every item keeps the passage it came from.
 */
const columnNames = {
  milestone: [
    'milestone',
    'phase',
    'stage',
    'sprint',
    '마일스톤',
    '단계',
    '스프린트',
    'mốc',
    'cột mốc',
    'giai đoạn',
  ],
  story: [
    'story',
    'task',
    'title',
    'item',
    'work',
    'name',
    '스토리',
    '작업',
    '업무',
    '제목',
    '할 일',
    '할일',
    '이름',
    'công việc',
    'nhiệm vụ',
    'tên công việc',
    'tiêu đề',
    'tên',
  ],
  start: ['start', 'start date', 'begin', 'from', '시작', '시작일', '시작 날짜', 'ngày bắt đầu', 'bắt đầu'],
  end: [
    'end',
    'end date',
    'due',
    'due date',
    'finish',
    'deadline',
    'to',
    '종료',
    '종료일',
    '마감',
    '마감일',
    '완료일',
    'ngày kết thúc',
    'kết thúc',
    'hạn',
    'hạn chót',
  ],
  period: ['period', 'dates', 'schedule', '기간', '일정', 'thời gian', 'lịch'],
  epic: ['epic', 'category', 'area', '에픽', '분류', '카테고리', 'nhóm', 'hạng mục', 'epic (nhóm)'],
} as const;
type Column = keyof typeof columnNames;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_*:]+/g, ' ')
    .trim();

function mapHeader(header: string[]): Partial<Record<Column, number>> {
  const map: Partial<Record<Column, number>> = {};
  header.forEach((cell, i) => {
    const name = norm(cell);
    for (const [column, names] of Object.entries(columnNames) as [Column, readonly string[]][])
      if (map[column] === undefined && names.includes(name)) map[column] = i;
  });
  return map;
}

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);
const source = (text: string, page: number | null, line: number | null): AiSource => ({
  excerpt: excerpt(text),
  page,
  line,
});

const epicMarks = [
  /^\s*\[([^\]]{1,100})\]\s*/u,
  /\s*\(?(?<!\p{L})(?:epic|에픽)\s*[:：]\s*([^)]{1,100})\)?\s*$/iu,
  /\s*\((?:epic|에픽)\s+([^)]{1,100})\)\s*$/iu,
];
function takeEpic(text: string): { text: string; epic: string | null } {
  for (const re of epicMarks) {
    const m = re.exec(text);
    if (m)
      return {
        text: (text.slice(0, m.index) + text.slice(m.index + m[0].length)).trim(),
        epic: m[1]!.trim(),
      };
  }
  return { text, epic: null };
}

const milestoneWords =
  /^\s*(?:(?:milestone|phase|stage|giai đoạn|cột mốc|mốc|마일스톤)\s*\d*|\d+\s*(?:단계|차))\s*[:.)\-–]?\s*/iu;
const topNumbered = /^\s*\d+[.)]\s+(?!\d)/;
const listMarker = /^\s*(?:[-*•·▪◦‣]|\d+(?:[.)]\d+)*[.)]?|[a-z][.)]|\[[ xX]?\]|☐|☑|□|■)\s+/u;

function cleanTitle(text: string): string {
  const bare = (s: string) =>
    withoutDates(s)
      .replace(/[:：]\s*$/, '')
      .trim()
      .slice(0, 200);
  const unmarked = text.replace(listMarker, '');
  // "Phase 2: Delivery" is "Delivery"; a heading that is only "Phase 2" keeps its words.
  return bare(unmarked.replace(milestoneWords, '')) || bare(unmarked);
}

function span(stories: DraftStory[]) {
  const starts = stories
    .map((s) => s.startDt)
    .filter((d): d is string => !!d)
    .sort();
  const ends = stories
    .map((s) => s.endDt)
    .filter((d): d is string => !!d)
    .sort();
  return { startDt: starts[0] ?? null, endDt: ends.at(-1) ?? null };
}

function finish(milestones: DraftMilestone[]): TimelineDraft {
  const kept = milestones.filter((m) => m.title && (m.stories.length > 0 || m.startDt));
  if (kept.length === 0) throw new AppError('AI_NOTHING_FOUND');
  return {
    milestones: kept.map((m, i) => {
      const own = m.startDt || m.endDt ? { startDt: m.startDt, endDt: m.endDt } : span(m.stories);
      return {
        ...m,
        ...own,
        key: `m${i + 1}`,
        stories: m.stories.map((s, j) => ({ ...s, key: `m${i + 1}-s${j + 1}` })),
      };
    }),
  };
}

function fromTable(rows: string[][], fallbackTitle: string): TimelineDraft | null {
  const [header, ...body] = rows;
  if (!header) return null;
  const map = mapHeader(header);
  if (map.story === undefined) return null;
  const milestones = new Map<string, DraftMilestone>();
  const cell = (row: string[], column: Column) =>
    map[column] === undefined ? '' : (row[map[column]] ?? '').trim();
  body.forEach((row, i) => {
    const line = i + 2;
    const raw = row.join(', ');
    const title = cell(row, 'story').slice(0, 200);
    const milestoneName = cell(row, 'milestone') || fallbackTitle;
    let dates = rangeIn(`${cell(row, 'start')} ~ ${cell(row, 'end')}`);
    if (!dates.startDt && cell(row, 'period')) dates = rangeIn(cell(row, 'period'));
    if (cell(row, 'start') && cell(row, 'end')) {
      const s = rangeIn(cell(row, 'start')).startDt;
      const e = rangeIn(cell(row, 'end')).startDt;
      dates = { startDt: s, endDt: e && s && e < s ? s : e };
    }
    let milestone = milestones.get(milestoneName);
    if (!milestone) {
      milestone = {
        key: '',
        title: milestoneName.slice(0, 200),
        startDt: null,
        endDt: null,
        include: true,
        source: source(raw, null, line),
        stories: [],
      };
      milestones.set(milestoneName, milestone);
    }
    if (!title) return;
    milestone.stories.push({
      key: '',
      title,
      ...dates,
      epic: cell(row, 'epic').slice(0, 100) || null,
      include: true,
      source: source(raw, null, line),
    });
  });
  return finish([...milestones.values()]);
}

function isMilestoneLine(line: PlanLine, topHeading: number | null): boolean {
  if (line.style === 'heading') return topHeading === null || line.level <= topHeading;
  if (topHeading !== null) return false;
  if (line.style === 'item' && line.level > 1) return false;
  return (
    milestoneWords.test(line.text) ||
    (line.style === 'text' && (/[:：]\s*$/.test(line.text) || topNumbered.test(line.text)))
  );
}

function fromLines(lines: PlanLine[], fallbackTitle: string): TimelineDraft {
  const headings = lines.filter((l) => l.style === 'heading');
  // The top heading level that has content under it: a lone document title (# Plan) is skipped.
  const levels = [...new Set(headings.map((h) => h.level))].sort();
  const topHeading =
    levels.length === 0
      ? null
      : headings.filter((h) => h.level === levels[0]).length === 1 && levels[1]
        ? levels[1]
        : levels[0]!;
  const milestones: DraftMilestone[] = [];
  let current: DraftMilestone | null = null;
  for (const line of lines) {
    if (line.style === 'heading' && topHeading !== null && line.level < topHeading) continue;
    if (isMilestoneLine(line, topHeading)) {
      const { text } = takeEpic(line.text);
      current = {
        key: '',
        title: cleanTitle(text),
        ...rangeIn(line.text),
        include: true,
        source: source(line.text, line.page, line.line),
        stories: [],
      };
      milestones.push(current);
      continue;
    }
    const dates = rangeIn(line.text);
    // Prose without a date is description, not work.
    if (line.style === 'text' && !dates.startDt) continue;
    if (!current) {
      current = {
        key: '',
        title: fallbackTitle.slice(0, 200),
        startDt: null,
        endDt: null,
        include: true,
        source: source(line.text, line.page, line.line),
        stories: [],
      };
      milestones.push(current);
    }
    const { text, epic } = takeEpic(line.text.replace(listMarker, ''));
    const title = cleanTitle(text);
    if (!title) continue;
    current.stories.push({
      key: '',
      title,
      ...dates,
      epic,
      include: true,
      source: source(line.text, line.page, line.line),
    });
  }
  return finish(milestones);
}

/** The draft of a plan file's text (see above); AI_NOTHING_FOUND when it holds no milestone or story. */
export function offlineTimelineDraft(plan: PlanText, fallbackTitle: string): TimelineDraft {
  for (const table of plan.tables) {
    const draft = fromTable(table, fallbackTitle);
    if (draft) return draft;
  }
  return fromLines(plan.lines, fallbackTitle);
}
