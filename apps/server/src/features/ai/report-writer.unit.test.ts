import type { EditorNode } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import type { ProjectActivity } from './activity.repository.js';
import { writeReport, type ReportInput } from './report-writer.js';

const activity: ProjectActivity = {
  projectName: 'Shop',
  completed: [],
  delayed: [{ key: 1, title: 'Wireframes', endDt: '20260306', status: 'inProgress' }],
  inProgress: [],
  upcoming: [],
  milestones: [
    { title: 'Design', status: 'inProgress', startDt: '20260302', endDt: '20260313', done: 1, total: 2 },
  ],
  decisions: [{ title: 'Design', status: 'approving' }],
  hours: [],
  requests: [{ title: 'Logo files', status: 'inProgress', dueDt: '20260310' }],
  changes: 3,
};
const input = (language: ReportInput['language']): ReportInput => ({
  type: 'weeklyReport',
  language,
  referenceDt: '20260306',
  periodStartDt: '20260302',
  periodEndDt: '20260308',
  projectKey: null,
});
const textOf = (node: EditorNode): string =>
  [node.text ?? '', ...(node.content ?? []).map(textOf)].join(node.type === 'paragraph' ? '' : '\n');

describe('an AI report is written in its reader’s words (issue 33)', () => {
  it('names statuses and days as the English app does, never by code or ISO date', () => {
    const { title, content } = writeReport(input('en'), activity);
    const text = textOf(content);
    expect(title).toBe('Shop Weekly report (Mar 6, 2026)');
    expect(text).toContain('Mar 2, 2026 ~ Mar 8, 2026');
    expect(text).toContain('Logo files (In progress, due Mar 10, 2026)');
    expect(text).toContain('Design: Awaiting approval');
    expect(text).not.toMatch(/inProgress|approving|\d{4}-\d{2}-\d{2}/);
  });

  it('in Korean and Vietnamese too', () => {
    const kr = textOf(writeReport(input('kr'), activity).content);
    expect(kr).toContain('2026.03.02 ~ 2026.03.08');
    expect(kr).toContain('진행 중');
    const vi = textOf(writeReport(input('vi'), activity).content);
    expect(vi).toContain('02/03/2026 ~ 08/03/2026');
    expect(vi).toContain('Đang thực hiện');
    // The glossary's word for a milestone (docs/glossary.md).
    expect(vi).toContain('Các cột mốc');
    expect(`${kr}${vi}`).not.toMatch(/inProgress|approving/);
  });

  it('counts in English plural forms: 1 story, 1 hour, 1 change; 2 stories, 1.5 hours, 3 changes', () => {
    const one: ProjectActivity = {
      ...activity,
      completed: [{ key: 1, title: 'Cart', endDt: '20260304' }],
      hours: [{ nickname: 'ann', minutes: 60 }],
      changes: 1,
    };
    expect(textOf(writeReport(input('en'), one).content)).toContain(
      '1 story completed, 1 delayed, 0 in progress; 1 hour logged; 1 change.',
    );
    const more: ProjectActivity = {
      ...activity,
      completed: [...one.completed, { key: 2, title: 'Pay', endDt: '20260305' }],
      hours: [{ nickname: 'ann', minutes: 90 }],
    };
    expect(textOf(writeReport(input('en'), more).content)).toContain(
      '2 stories completed, 1 delayed, 0 in progress; 1.5 hours logged; 3 changes.',
    );
    expect(textOf(writeReport(input('kr'), one).content)).toContain(
      '완료 1건, 지연 1건, 진행 중 0건, 기록된 시간 1시간, 변경 1건.',
    );
    expect(textOf(writeReport(input('vi'), more).content)).toContain(
      'Hoàn thành 2, trễ hạn 1, đang thực hiện 0; đã ghi 1.5 giờ; 3 thay đổi.',
    );
  });
});
