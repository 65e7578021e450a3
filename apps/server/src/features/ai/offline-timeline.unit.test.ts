import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { detectPlanFile, linesOfText } from './file-reader.js';
import { offlineTimelineDraft } from './offline-timeline.js';

const parseRows = (text: string): string[][] => parse(text, { relax_column_count: true });
const fromText = (text: string) =>
  offlineTimelineDraft({ kind: 'txt', lines: linesOfText(text), tables: [] }, 'Plan');
const fromCsv = (text: string) =>
  offlineTimelineDraft({ kind: 'csv', lines: [], tables: [parseRows(text)] }, 'Plan');
const shape = (draft: ReturnType<typeof fromText>) =>
  draft.milestones.map((m) => ({
    title: m.title,
    startDt: m.startDt,
    endDt: m.endDt,
    stories: m.stories.map((s) => [s.title, s.startDt, s.endDt, s.epic]),
  }));

describe('offline timeline drafts', () => {
  it('English text: headings are milestones, items stories, dates and epics from each line', () => {
    const draft = fromText(
      [
        '# Shop relaunch plan',
        'We rebuild the shop in spring.',
        '## Milestone 1: Design (2026-03-02 ~ 2026-03-13)',
        '- [UX] Wireframes March 2, 2026 to March 6, 2026',
        '- Visual design 2026-03-09 ~ 2026-03-13 (epic: UX)',
        '## Build',
        '* Checkout 2026-03-16 ~ 2026-04-03',
        '* Refunds',
      ].join('\n'),
    );
    expect(shape(draft)).toEqual([
      {
        title: 'Design',
        startDt: '20260302',
        endDt: '20260313',
        stories: [
          ['Wireframes', '20260302', '20260306', 'UX'],
          ['Visual design', '20260309', '20260313', 'UX'],
        ],
      },
      {
        title: 'Build',
        startDt: '20260316',
        endDt: '20260403',
        stories: [
          ['Checkout', '20260316', '20260403', null],
          ['Refunds', null, null, null],
        ],
      },
    ]);
    expect(draft.milestones[0]!.stories[0]!.source).toEqual({
      excerpt: '- [UX] Wireframes March 2, 2026 to March 6, 2026',
      page: null,
      line: 4,
    });
  });

  it('Korean text without Markdown: "단계" lines are milestones', () => {
    const draft = fromText(
      [
        '1단계: 설계',
        '- 화면 설계 2026년 3월 2일부터 3월 6일까지',
        '- API 설계 2026.03.09 ~ 03.13',
        '2단계: 개발:',
        '- 결제 모듈 개발 2026.03.16 ~ 2026.04.03 (에픽: 결제)',
      ].join('\n'),
    );
    expect(draft.milestones.map((m) => m.title)).toEqual(['설계', '개발']);
    expect(draft.milestones[0]!.stories[0]).toMatchObject({
      title: '화면 설계',
      startDt: '20260302',
      endDt: '20260306',
    });
    expect(draft.milestones[1]!.stories[0]).toMatchObject({ title: '결제 모듈 개발', epic: '결제' });
    expect(draft.milestones[1]).toMatchObject({ startDt: '20260316', endDt: '20260403' });
  });

  it('Vietnamese text: "Giai đoạn" lines and Vietnamese dates', () => {
    const draft = fromText(
      [
        'Giai đoạn 1: Thiết kế',
        '- Thiết kế giao diện từ ngày 2 tháng 3 năm 2026 đến ngày 6 tháng 3 năm 2026',
        'Giai đoạn 2: Phát triển',
        '- Thanh toán 16/03/2026 - 03/04/2026',
      ].join('\n'),
    );
    expect(shape(draft)).toEqual([
      {
        title: 'Thiết kế',
        startDt: '20260302',
        endDt: '20260306',
        stories: [['Thiết kế giao diện', '20260302', '20260306', null]],
      },
      {
        title: 'Phát triển',
        startDt: '20260316',
        endDt: '20260403',
        stories: [['Thanh toán', '20260316', '20260403', null]],
      },
    ]);
  });

  it('CSV columns are mapped by header in English, Korean and Vietnamese', () => {
    const en = fromCsv(
      'Milestone,Task,Start date,End date,Epic\nDesign,Wireframes,2026-03-02,2026-03-06,UX\nDesign,API,2026-03-09,2026-03-13,\nBuild,Checkout,2026-03-16,2026-04-03,Payments\n',
    );
    expect(shape(en)).toEqual([
      {
        title: 'Design',
        startDt: '20260302',
        endDt: '20260313',
        stories: [
          ['Wireframes', '20260302', '20260306', 'UX'],
          ['API', '20260309', '20260313', null],
        ],
      },
      {
        title: 'Build',
        startDt: '20260316',
        endDt: '20260403',
        stories: [['Checkout', '20260316', '20260403', 'Payments']],
      },
    ]);
    const kr = fromCsv('마일스톤,작업,시작일,종료일,에픽\n설계,화면 설계,2026.03.02,2026.03.06,UX\n');
    expect(shape(kr)[0]).toEqual({
      title: '설계',
      startDt: '20260302',
      endDt: '20260306',
      stories: [['화면 설계', '20260302', '20260306', 'UX']],
    });
    const vi = fromCsv(
      'Giai đoạn,Công việc,Ngày bắt đầu,Ngày kết thúc\nThiết kế,Giao diện,02/03/2026,06/03/2026\n',
    );
    expect(shape(vi)[0]!.stories).toEqual([['Giao diện', '20260302', '20260306', null]]);
  });

  it('a heading that is only "Phase 1" keeps its words as the title', () => {
    expect(shape(fromText('# Phase 1\n- Design 2026-03-02 ~ 2026-03-06\n'))).toEqual([
      {
        title: 'Phase 1',
        startDt: '20260302',
        endDt: '20260306',
        stories: [['Design', '20260302', '20260306', null]],
      },
    ]);
  });

  it('a file without any plan in it is AI_NOTHING_FOUND', () => {
    expect(() => fromText('Just a paragraph of prose.\nAnother one.')).toThrow('AI_NOTHING_FOUND');
    expect(() => fromCsv('Name,Value\n')).toThrow('AI_NOTHING_FOUND');
  });

  it('tells the file kind from the bytes, not the name', () => {
    expect(detectPlanFile(Buffer.from('%PDF-1.7 ...'))).toBe('pdf');
    expect(detectPlanFile(Buffer.from('a,b,c\n1,2,3\n'))).toBe('csv');
    expect(detectPlanFile(Buffer.from('# Plan\n- item\n'))).toBe('txt');
    expect(() => detectPlanFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]))).toThrow(
      'AI_FILE_TYPE_NOT_ALLOWED',
    );
    expect(() => detectPlanFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toThrow(
      'AI_FILE_TYPE_NOT_ALLOWED',
    );
    expect(() => detectPlanFile(Buffer.from('  \n'))).toThrow('AI_FILE_EMPTY');
  });
});
