import { describe, expect, it } from 'vitest';
import {
  activityTypeKey,
  addDaysToCode,
  buildBurnSeries,
  formatHours,
  formatPercent,
  formatRelative,
  nonEmptyStatuses,
  timelineHref,
} from './dashboard-logic';

describe('buildBurnSeries', () => {
  it('is empty when nothing happened yet', () => {
    expect(
      buildBurnSeries({ from: '20261120', to: '20261120', start: { scope: 0, done: 0 }, points: [] }),
    ).toEqual([]);
  });

  it('fills every day, carrying the last values over quiet days', () => {
    const rows = buildBurnSeries({
      from: '20261118',
      to: '20261122',
      start: { scope: 0, done: 0 },
      points: [
        { date: '20261118', scope: 4, done: 0 },
        { date: '20261121', scope: 5, done: 2 },
      ],
    });
    expect(rows.map((r) => [r.date, r.remaining, r.done, r.scope])).toEqual([
      ['20261118', 4, 0, 4],
      ['20261119', 4, 0, 4],
      ['20261120', 4, 0, 4],
      ['20261121', 3, 2, 5],
      ['20261122', 3, 2, 5],
    ]);
    expect(rows.every((r) => r.ideal === null)).toBe(true);
  });

  it('starts from the values before the window when the first change is later', () => {
    const rows = buildBurnSeries({
      from: '20261101',
      to: '20261102',
      start: { scope: 10, done: 3 },
      points: [{ date: '20261102', scope: 10, done: 4 }],
    });
    expect(rows.map((r) => r.remaining)).toEqual([7, 6]);
  });

  it('extends to the project end with an ideal line from the most remaining work to zero', () => {
    const rows = buildBurnSeries(
      {
        from: '20261120',
        to: '20261122',
        start: { scope: 0, done: 0 },
        points: [{ date: '20261120', scope: 8, done: 0 }],
      },
      '20261124',
    );
    expect(rows.map((r) => r.date)).toEqual(['20261120', '20261121', '20261122', '20261123', '20261124']);
    expect(rows.map((r) => r.ideal)).toEqual([8, 6, 4, 2, 0]);
    expect(rows.slice(3).every((r) => r.remaining === null)).toBe(true);

    const growing = buildBurnSeries(
      {
        from: '20261120',
        to: '20261121',
        start: { scope: 0, done: 0 },
        points: [
          { date: '20261120', scope: 2, done: 0 },
          { date: '20261121', scope: 4, done: 0 },
        ],
      },
      '20261122',
    );
    expect(growing.map((r) => r.ideal)).toEqual([4, 2, 0]);
  });

  it('caps how far into the future it goes and ignores an end date before the window', () => {
    const burn = {
      from: '20261120',
      to: '20261120',
      start: { scope: 0, done: 0 },
      points: [{ date: '20261120', scope: 1, done: 0 }],
    };
    expect(buildBurnSeries(burn, '20301231')).toHaveLength(121);
    expect(buildBurnSeries(burn, '20261001')).toHaveLength(1);
    expect(addDaysToCode('20261231', 1)).toBe('20270101');
  });
});

describe('formatting', () => {
  it('shows hours with one decimal per locale', () => {
    expect(formatHours(90, 'en')).toBe('1.5');
    expect(formatHours(90, 'vi')).toBe('1,5');
    expect(formatHours(600, 'kr')).toBe('10');
    expect(formatHours(0, 'en')).toBe('0');
  });

  it('shows percents per locale', () => {
    expect(formatPercent(62.5, 'en')).toBe('62.5%');
    expect(formatPercent(25, 'kr')).toBe('25%');
    expect(formatPercent(62.5, 'vi')).toMatch(/^62,5\s?%$/);
  });

  it('shows recent times as minutes or hours ago, older ones as a date', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatRelative('2026-11-22T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-22T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelative('2026-11-22T09:00:00Z', 'kr', now)).toBe('3시간 전');
    expect(formatRelative('2026-11-20T09:00:00Z', 'en', now)).toBe('Nov 20');
  });
});

describe('sections', () => {
  it('links activity into the timeline by story or milestone, not for deleted items', () => {
    expect(timelineHref(7, { storyIdx: 3, milestoneIdx: 2 })).toBe('/timeline/7?selectedStory=3');
    expect(timelineHref(7, { storyIdx: null, milestoneIdx: 2 })).toBe('/timeline/7?selectedMilestone=2');
    expect(timelineHref(7, { storyIdx: 3, milestoneIdx: null, exists: false })).toBeNull();
  });

  it('names history events and drops empty statuses from the chart', () => {
    expect(activityTypeKey(8)).toBe('status');
    expect(activityTypeKey(10)).toBe('approvalRequested');
    expect(activityTypeKey(99)).toBe('other');
    expect(
      nonEmptyStatuses([
        { status: 'pending', count: 2, point: 0 },
        { status: 'rejected', count: 0, point: 0 },
      ]).map((s) => s.status),
    ).toEqual(['pending']);
  });
});
