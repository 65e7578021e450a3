import { formatDay, type AiDocumentType, type EditorNode, type Language } from '@teamline/contract';
import { pluralForm, resources } from '@teamline/contract/i18n';
import type { ProjectActivity } from './activity.repository.js';

/** The headings and phrases of drafted documents, in the author's language. */
const texts = {
  en: {
    weeklyReport: 'Weekly report',
    monthlyReport: 'Monthly report',
    meetingMinutes: 'Meeting minutes',
    requirements: 'Requirements',
    period: 'Period',
    reference: 'Reference date',
    summary: 'Summary',
    summaryLine: '{done}, {delayed} delayed, {active} in progress; {hours} logged; {changes}.',
    done_one: '{count} story completed',
    done_other: '{count} stories completed',
    hoursLogged_one: '{count} hour',
    hoursLogged_other: '{count} hours',
    changes_one: '{count} change',
    changes_other: '{count} changes',
    completed: 'Completed',
    delayed: 'Delayed',
    inProgress: 'In progress',
    upcoming: 'Next two weeks',
    milestones: 'Milestones',
    decisions: 'Client decisions',
    hours: 'Hours logged',
    requests: 'Requests',
    none: 'Nothing in this period.',
    attendees: 'Attendees',
    agenda: 'Agenda',
    decisionsMade: 'Decisions',
    actionItems: 'Action items',
    goal: 'Goal',
    goalText: 'What {project} must deliver, by milestone.',
    scope: 'Scope',
    openQuestions: 'Open questions',
    due: 'due',
    status: 'Status',
    progress: 'Done',
    of: 'of',
    hoursUnit: 'h',
  },
  kr: {
    weeklyReport: '주간 보고서',
    monthlyReport: '월간 보고서',
    meetingMinutes: '회의록',
    requirements: '요구사항 정의서',
    period: '기간',
    reference: '기준일',
    summary: '요약',
    summaryLine: '완료 {done}, 지연 {delayed}건, 진행 중 {active}건, 기록된 시간 {hours}, 변경 {changes}.',
    done_one: '{count}건',
    done_other: '{count}건',
    hoursLogged_one: '{count}시간',
    hoursLogged_other: '{count}시간',
    changes_one: '{count}건',
    changes_other: '{count}건',
    completed: '완료',
    delayed: '지연',
    inProgress: '진행 중',
    upcoming: '앞으로 2주',
    milestones: '마일스톤',
    decisions: '클라이언트 결정',
    hours: '작업 시간',
    requests: '요청',
    none: '이 기간에는 없습니다.',
    attendees: '참석자',
    agenda: '안건',
    decisionsMade: '결정 사항',
    actionItems: '할 일',
    goal: '목표',
    goalText: '{project}가 마일스톤별로 제공해야 하는 것.',
    scope: '범위',
    openQuestions: '미결 사항',
    due: '마감',
    status: '상태',
    progress: '완료',
    of: '/',
    hoursUnit: '시간',
  },
  vi: {
    weeklyReport: 'Báo cáo tuần',
    monthlyReport: 'Báo cáo tháng',
    meetingMinutes: 'Biên bản họp',
    requirements: 'Yêu cầu',
    period: 'Thời gian',
    reference: 'Ngày tham chiếu',
    summary: 'Tóm tắt',
    summaryLine: 'Hoàn thành {done}, trễ hạn {delayed}, đang thực hiện {active}; đã ghi {hours}; {changes}.',
    done_one: '{count}',
    done_other: '{count}',
    hoursLogged_one: '{count} giờ',
    hoursLogged_other: '{count} giờ',
    changes_one: '{count} thay đổi',
    changes_other: '{count} thay đổi',
    completed: 'Đã hoàn thành',
    delayed: 'Trễ hạn',
    inProgress: 'Đang thực hiện',
    upcoming: 'Hai tuần tới',
    milestones: 'Các cột mốc',
    decisions: 'Quyết định của khách hàng',
    hours: 'Giờ làm việc',
    requests: 'Yêu cầu',
    none: 'Không có gì trong kỳ này.',
    attendees: 'Người tham dự',
    agenda: 'Chương trình',
    decisionsMade: 'Quyết định',
    actionItems: 'Việc cần làm',
    goal: 'Mục tiêu',
    goalText: 'Những gì {project} cần bàn giao, theo từng cột mốc.',
    scope: 'Phạm vi',
    openQuestions: 'Câu hỏi mở',
    due: 'hạn',
    status: 'Trạng thái',
    progress: 'Hoàn thành',
    of: '/',
    hoursUnit: 'giờ',
  },
} satisfies Record<Language, Record<string, string>>;

/**
 * Statuses as the app's words in the author's language (the report is read, not parsed): milestones
 * and stories by the glossary's `ui.status`, requests by `ui.request.status`.
 */
const statusWord = (lang: Language, code: string): string =>
  (resources[lang].ui.status as Record<string, string>)[code] ?? code;
const requestStatusWord = (lang: Language, code: string): string =>
  (resources[lang].ui.request.status as Record<string, string>)[code] ?? code;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
/** A count with its noun, in i18next's plural forms (`<key>_one`, `<key>_other`): "1 hour", "1.5 hours". */
const counted = (lang: Language, key: 'done' | 'hoursLogged' | 'changes', count: number) => {
  const t: Record<string, string> = texts[lang];
  return fill(t[`${key}_${pluralForm(lang, count)}`] ?? t[`${key}_other`]!, { count });
};
/** A `YYYYMMDD` code as the app writes a day in the author's language (2026.03.06 · Mar 6, 2026 · 06/03/2026). */
const dayIn = (lang: Language) => (code: string | null) =>
  code
    ? formatDay(
        { y: Number(code.slice(0, 4)), m: Number(code.slice(4, 6)), d: Number(code.slice(6, 8)) },
        lang,
      )
    : '';

const txt = (text: string): EditorNode => ({ type: 'text', text });
const heading = (level: number, text: string): EditorNode => ({
  type: 'heading',
  attrs: { level },
  content: [txt(text)],
});
const paragraph = (text: string): EditorNode => ({ type: 'paragraph', content: text ? [txt(text)] : [] });
const bullets = (items: string[], empty: string): EditorNode =>
  items.length === 0
    ? paragraph(empty)
    : { type: 'bulletList', content: items.map((i) => ({ type: 'listItem', content: [paragraph(i)] })) };
const tasks = (items: string[], empty: string): EditorNode =>
  items.length === 0
    ? paragraph(empty)
    : {
        type: 'taskList',
        content: items.map((i) => ({ type: 'taskItem', attrs: { checked: false }, content: [paragraph(i)] })),
      };
const table = (header: string[], rows: string[][]): EditorNode => ({
  type: 'table',
  content: [header, ...rows].map((cells, r) => ({
    type: 'tableRow',
    content: cells.map((c) => ({ type: r === 0 ? 'tableHeader' : 'tableCell', content: [paragraph(c)] })),
  })),
});

export interface ReportInput {
  type: AiDocumentType;
  language: Language;
  referenceDt: string;
  periodStartDt: string;
  periodEndDt: string;
  projectKey: string | null;
}

/**
 * The offline writer of AI documents: a structured draft from the project's activity (no model).
 * Reports summarise the period; minutes prepare a meeting from what is active, delayed and next;
 * requirements list each milestone's stories as the scope.
 */
export function writeReport(input: ReportInput, a: ProjectActivity): { title: string; content: EditorNode } {
  const t = texts[input.language];
  const status = (code: string) => statusWord(input.language, code);
  const day = dayIn(input.language);
  const key = (n: number) => (input.projectKey ? `${input.projectKey}-${n} ` : '');
  const hours = Math.round(a.hours.reduce((sum, h) => sum + h.minutes, 0) / 6) / 10;
  const periodLine = `${t.period}: ${day(input.periodStartDt)} ~ ${day(input.periodEndDt)} · ${t.reference}: ${day(input.referenceDt)}`;
  const title = `${a.projectName} ${t[input.type]} (${day(input.referenceDt)})`;
  const nodes: EditorNode[] = [heading(1, title), paragraph(periodLine)];
  const milestoneRows = a.milestones.map((m) => [
    m.title,
    status(m.status),
    `${day(m.startDt)} ~ ${day(m.endDt)}`,
    `${m.done} ${t.of} ${m.total}`,
  ]);

  if (input.type === 'weeklyReport' || input.type === 'monthlyReport') {
    nodes.push(
      heading(2, t.summary),
      paragraph(
        fill(t.summaryLine, {
          done: counted(input.language, 'done', a.completed.length),
          delayed: a.delayed.length,
          active: a.inProgress.length,
          hours: counted(input.language, 'hoursLogged', hours),
          changes: counted(input.language, 'changes', a.changes),
        }),
      ),
      heading(2, t.completed),
      bullets(
        a.completed.map((s) => `${key(s.key)}${s.title}`),
        t.none,
      ),
      heading(2, t.delayed),
      bullets(
        a.delayed.map((s) => `${key(s.key)}${s.title}${s.endDt ? ` (${t.due} ${day(s.endDt)})` : ''}`),
        t.none,
      ),
      heading(2, t.inProgress),
      bullets(
        a.inProgress.map((s) => `${key(s.key)}${s.title}`),
        t.none,
      ),
      heading(2, t.milestones),
      milestoneRows.length
        ? table([t.milestones, t.status, t.period, t.progress], milestoneRows)
        : paragraph(t.none),
      heading(2, t.decisions),
      bullets(
        a.decisions.map((d) => `${d.title}: ${status(d.status)}`),
        t.none,
      ),
      heading(2, t.hours),
      bullets(
        a.hours.map((h) => `${h.nickname}: ${Math.round(h.minutes / 6) / 10}${t.hoursUnit}`),
        t.none,
      ),
      heading(2, t.requests),
      bullets(
        a.requests.map(
          (r) => `${r.title} (${requestStatusWord(input.language, r.status)}, ${t.due} ${day(r.dueDt)})`,
        ),
        t.none,
      ),
      heading(2, t.upcoming),
      bullets(
        a.upcoming.map((s) => `${key(s.key)}${s.title} (${day(s.startDt)})`),
        t.none,
      ),
    );
  } else if (input.type === 'meetingMinutes') {
    nodes.push(
      heading(2, t.attendees),
      bullets(
        a.hours.map((h) => h.nickname),
        t.none,
      ),
      heading(2, t.agenda),
      bullets(
        [
          ...a.delayed.map((s) => `${t.delayed}: ${key(s.key)}${s.title}`),
          ...a.inProgress.map((s) => `${t.inProgress}: ${key(s.key)}${s.title}`),
          ...a.milestones.filter((m) => m.status === 'approving').map((m) => `${t.decisions}: ${m.title}`),
        ],
        t.none,
      ),
      heading(2, t.decisionsMade),
      bullets(
        a.decisions.map((d) => `${d.title}: ${status(d.status)}`),
        '',
      ),
      heading(2, t.actionItems),
      tasks(
        a.upcoming.map((s) => `${key(s.key)}${s.title} (${day(s.startDt)})`),
        t.none,
      ),
    );
  } else {
    nodes.push(
      heading(2, t.goal),
      paragraph(fill(t.goalText, { project: a.projectName })),
      heading(2, t.scope),
    );
    if (milestoneRows.length)
      nodes.push(table([t.milestones, t.status, t.period, t.progress], milestoneRows));
    else nodes.push(paragraph(t.none));
    nodes.push(
      heading(2, t.inProgress),
      bullets(
        [...a.inProgress, ...a.upcoming].map((s) => `${key(s.key)}${s.title}`),
        t.none,
      ),
      heading(2, t.openQuestions),
      bullets(
        a.requests.filter((r) => r.status !== 'completed').map((r) => r.title),
        t.none,
      ),
    );
  }
  return { title: title.slice(0, 200), content: { type: 'doc', content: nodes } };
}
