import { describe, expect, it } from 'vitest';
import { minutesFrom, splitMinutes } from './time';

describe('time entry input', () => {
  it('adds hours and minutes, rejects negatives and text', () => {
    expect(minutesFrom('1', '30')).toBe(90);
    expect(minutesFrom('', '45')).toBe(45);
    expect(minutesFrom('1.5', '')).toBe(90);
    expect(minutesFrom('-1', '0')).toBeNull();
    expect(minutesFrom('x', '0')).toBeNull();
    expect(splitMinutes(135)).toEqual({ hours: 2, minutes: 15 });
  });
});
