import { describe, expect, it } from 'vitest';
import { CouponCommandError, parseCouponCommand } from './coupon-command.js';

describe('npm run coupon -- create …', () => {
  it('reads percent or free periods, validity and count', () => {
    expect(
      parseCouponCommand(['create', '--type', 'monthly', '--percent', '20', '--count', '5'], '20261124'),
    ).toEqual({
      type: 'monthly',
      percentOff: 20,
      periods: 1,
      validFrom: '20261124',
      validUntil: '20261224',
      count: 5,
    });
    expect(
      parseCouponCommand(
        ['create', '--type', 'yearly', '--free-periods', '2', '--from', '20270101', '--until', '20270131'],
        '20261124',
      ),
    ).toMatchObject({
      type: 'yearly',
      percentOff: 100,
      periods: 2,
      validFrom: '20270101',
      validUntil: '20270131',
      count: 1,
    });
  });

  it('refuses what cannot be a coupon', () => {
    const bad = [
      ['make'],
      ['create', '--type', 'weekly', '--percent', '5'],
      ['create', '--type', 'monthly'],
      ['create', '--type', 'monthly', '--percent', '5', '--free-periods', '1'],
      ['create', '--type', 'monthly', '--percent', '101'],
      ['create', '--type', 'monthly', '--percent', '5', '--until', '20200101'],
      ['create', '--type', 'monthly', '--percent', '5', '--from', '20261340'],
      ['create', '--type', 'monthly', '--percent', '5', '--count', '0'],
    ];
    for (const args of bad)
      expect(() => parseCouponCommand(args, '20261124'), args.join(' ')).toThrow(CouponCommandError);
  });
});
