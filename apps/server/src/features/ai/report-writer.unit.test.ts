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
});
