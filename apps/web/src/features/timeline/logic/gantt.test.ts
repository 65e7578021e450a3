import { describe, expect, it } from 'vitest';
import { barGeometry, codeOfDay, dayOf, dayPosition, ganttRange } from './gantt';

describe('gantt geometry', () => {
  it('turns date codes into day numbers and back', () => {
    const d = dayOf('20260301')!;
    expect(dayOf('20260302')).toBe(d + 1);
    expect(codeOfDay(d)).toBe('20260301');
    expect(dayOf('2026-03-01')).toBeNull();
    expect(dayOf(null)).toBeNull();
  });
  it('spans every date and today, with a margin', () => {
    const today = dayOf('20260310')!;
    const range = ganttRange(['20260301', null, '20260320'], today, 2);
    expect(range).toEqual({ startDay: dayOf('20260301')! - 2, endDay: dayOf('20260320')! + 2 });
    expect(ganttRange([], today, 0)).toEqual({ startDay: today, endDay: today });
  });
  it('places bars by dates: inclusive days, a lone date is one day, none is no bar', () => {
    const range = { startDay: dayOf('20260301')!, endDay: dayOf('20260331')! };
    expect(barGeometry('20260303', '20260305', range, 10)).toEqual({ left: 20, width: 30 });
    expect(barGeometry(null, '20260302', range, 10)).toEqual({ left: 10, width: 10 });
    expect(barGeometry('20260302', null, range, 10)).toEqual({ left: 10, width: 10 });
    expect(barGeometry(null, null, range, 10)).toBeNull();
    expect(dayPosition(dayOf('20260311')!, range, 10)).toBe(100);
  });
});
