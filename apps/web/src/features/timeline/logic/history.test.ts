import { historyTypes, type HistoryItem } from '@teamline/contract';
import { createInstance } from 'i18next';
import { resources } from '@teamline/contract/i18n';
import { describe, expect, it } from 'vitest';
import { historySentence } from './history';

const names = {
  member: (i: number) => ({ 1: 'Minji', 2: 'Tuan' })[i],
  milestone: (i: number) => ({ 10: 'Sprint 1' })[i],
  epic: (i: number) => ({ 5: 'Checkout' })[i],
};
const item = (type: number, before: object | null, after: object | null, actor = true): HistoryItem => ({
  historyIdx: 1,
  type,
  projectIdx: 1,
  storyIdx: 3,
  milestoneIdx: 10,
  actor: actor ? { memberInProjectIdx: 1, nickname: 'Minji' } : null,
  createdAt: '2026-01-01T00:00:00.000Z',
  before: before as HistoryItem['before'],
  after: after as HistoryItem['after'],
});

async function translator(lng: 'en' | 'kr' | 'vi') {
  const i18n = createInstance();
  await i18n.init({
    lng,
    resources: { [lng]: { translation: resources[lng] } },
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n) as (key: string, values?: Record<string, unknown>) => string;
}

describe('history sentences', () => {
  it('reads every spec type (1–13) and the extras in English', async () => {
    const t = await translator('en');
    const say = (h: HistoryItem) => historySentence(h, t, names);
    expect(say(item(historyTypes.created, null, { title: 'Login' }))).toBe('Minji created “Login”.');
    expect(say(item(historyTypes.title, { title: 'A' }, { title: 'B' }))).toBe('Minji renamed “A” to “B”.');
    expect(say(item(historyTypes.description, {}, {}))).toBe('Minji changed the description.');
    expect(say(item(historyTypes.assignee, { assignees: [] }, { assignees: [1, 2] }))).toBe(
      'Minji changed the assignees from none to Minji, Tuan.',
    );
    expect(say(item(historyTypes.assignee, { approverIdx: null }, { approverIdx: 2 }))).toBe(
      'Minji changed the approver from none to Tuan.',
    );
    expect(say(item(historyTypes.reporter, { reporterIdx: 1 }, { reporterIdx: 9 }))).toBe(
      'Minji changed the reporter from Minji to #9.',
    );
    expect(say(item(historyTypes.link, { link: null }, { link: 'https://x.io' }))).toBe(
      'Minji changed the link from none to https://x.io.',
    );
    expect(
      say(
        item(
          historyTypes.schedule,
          { startDt: null, endDt: null },
          { startDt: '20260101', endDt: '20260131' },
        ),
      ),
    ).toBe('Minji set the schedule to Jan 1, 2026 – Jan 31, 2026.');
    expect(
      say(
        item(
          historyTypes.schedule,
          { startDt: '20260101', endDt: '20260131' },
          { startDt: '20260105', endDt: null },
        ),
      ),
    ).toBe('Minji changed the schedule from Jan 1, 2026 – Jan 31, 2026 to from Jan 5, 2026.');
    expect(
      say(item(historyTypes.schedule, { startDt: null, endDt: '20260131' }, { startDt: null, endDt: null })),
    ).toBe('Minji removed the schedule (until Jan 31, 2026).');
    expect(say(item(historyTypes.status, { status: 'pending' }, { status: 'inProgress' }))).toBe(
      'Minji changed the status from To do to In progress.',
    );
    expect(say(item(historyTypes.autoStatus, { status: 'inProgress' }, { status: 'delayed' }, false))).toBe(
      'The status changed automatically from In progress to Delayed after the end date passed.',
    );
    expect(say(item(historyTypes.approvalRequested, null, null))).toBe('Minji requested approval.');
    expect(say(item(historyTypes.approved, null, null))).toBe('Minji approved the milestone.');
    expect(say(item(historyTypes.rejected, null, { rejectReason: 'Missing tests' }))).toBe(
      'Minji rejected the milestone: Missing tests',
    );
    expect(say(item(historyTypes.commentCreated, null, { content: 'Looks good' }))).toBe(
      'Minji commented: Looks good',
    );
    expect(say(item(historyTypes.epic, { epicIdx: null }, { epicIdx: 5 }))).toBe(
      'Minji changed the epic from none to Checkout.',
    );
    expect(say(item(historyTypes.milestone, { milestoneIdx: 10 }, { milestoneIdx: null }))).toBe(
      'Minji moved the story from Sprint 1 to Backlog.',
    );
    expect(say(item(historyTypes.deleted, null, null))).toBe('Minji deleted the story.');
    expect(say(item(historyTypes.estimate, { point: 1, rating: null }, { point: 3, rating: 4.5 }))).toBe(
      'Minji changed the points from 1 to 3, the rating from none to 4.5.',
    );
    expect(say(item(99, null, null))).toBe('Minji made a change (type 99).');
  });

  it('says a first schedule was set, with dates in the reader language', async () => {
    const first = item(
      historyTypes.schedule,
      { startDt: null, endDt: null },
      { startDt: '20260101', endDt: '20260131' },
    );
    const kr = await translator('kr');
    expect(historySentence(first, kr, names, 'kr')).toBe(
      'Minji님이 일정을 2026.01.01 – 2026.01.31(으)로 정했습니다.',
    );
    const vi = await translator('vi');
    expect(historySentence(first, vi, names, 'vi')).toBe('Minji đã đặt lịch trình: 01/01/2026 – 31/01/2026.');
    const onlyEnd = item(historyTypes.schedule, {}, { endDt: '20260131' });
    expect(historySentence(onlyEnd, vi, names, 'vi')).toBe('Minji đã đặt lịch trình: đến 31/01/2026.');
  });

  it('has a sentence for each type in Korean and Vietnamese', async () => {
    for (const lng of ['kr', 'vi'] as const) {
      const t = await translator(lng);
      for (const type of Object.values(historyTypes)) {
        const text = historySentence(
          item(type, { status: 'pending' }, { status: 'completed', title: 'X' }),
          t,
          names,
        );
        expect(text).not.toMatch(/ui\.planning/);
        expect(text.length).toBeGreaterThan(3);
      }
      expect(
        historySentence(item(historyTypes.status, { status: 'pending' }, { status: 'completed' }), t, names),
      ).toContain(lng === 'kr' ? '완료' : 'Hoàn thành');
    }
  });
});
