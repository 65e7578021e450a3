import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  fileKindOf,
  fileSizeMb,
  formatDateCode,
  formatNumber,
  isSubscriptionShort,
  isValidLink,
  maskEmail,
  needsProjectResolution,
  normalizeLink,
  qualityFraction,
  resizeDimensions,
  shouldReturnHomeAfterModeSwitch,
  shouldShowWarningBar,
  thousandWonToManwon,
} from '../index.js';

describe('number formatter (docs/product/i18n-and-modes.md#formats)', () => {
  it('turns a missing value into 0', () => {
    expect(formatNumber(undefined)).toBe('0');
    expect(formatNumber(null, 2)).toBe('0.00');
  });
  it('rounds to the requested decimals with comma thousands', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatNumber(1234.5)).toBe('1,235');
  });
});

describe('date codes (docs/product/i18n-and-modes.md#formats)', () => {
  it('shows six digits as YYYY.MM and longer codes as YYYY.MM.DD', () => {
    expect(formatDateCode('202611')).toBe('2026.11');
    expect(formatDateCode('20261122')).toBe('2026.11.22');
    expect(formatDateCode('')).toBe('');
  });
});

describe('link normalisation (docs/product/projects-and-membership.md#links)', () => {
  it('prepends https:// when no scheme is given', () => {
    expect(normalizeLink('example.com/a')).toBe('https://example.com/a');
  });
  it('keeps http:// and https:// addresses', () => {
    expect(normalizeLink('http://x.dev')).toBe('http://x.dev');
    expect(normalizeLink(' HTTPS://x.dev ')).toBe('HTTPS://x.dev');
  });
  it('does nothing for an empty field', () => {
    expect(normalizeLink('   ')).toBeNull();
  });
  it('accepts only http(s) addresses with a host', () => {
    expect(isValidLink('https://github.com/org/repo')).toBe(true);
    expect(isValidLink('https://')).toBe(false);
    expect(isValidLink('javascript:alert(1)')).toBe(false);
  });
});

describe('language choice (docs/product/i18n-and-modes.md#languages)', () => {
  it('uses a signed-in profile language when supported', () => {
    expect(chooseLanguage({ profile: { memberIdx: 1, lang: 'vi' }, isoCode: 'KR' })).toBe('vi');
  });
  it('ignores the profile language without a memberIdx or when unsupported', () => {
    expect(chooseLanguage({ profile: { lang: 'kr' }, isoCode: 'US' })).toBe('en');
    expect(chooseLanguage({ profile: { memberIdx: 1, lang: 'fr' }, isoCode: 'KR' })).toBe('kr');
  });
  it('maps VN to vi and uses other supported codes lowercased', () => {
    expect(chooseLanguage({ isoCode: 'VN' })).toBe('vi');
    expect(chooseLanguage({ isoCode: 'KR' })).toBe('kr');
    expect(chooseLanguage({ isoCode: 'JP' })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
  });
});

describe('file helpers (docs/product/i18n-and-modes.md#formats)', () => {
  it('gives sizes in MB with 2 decimals by default', () => {
    expect(fileSizeMb(10 * 1048576)).toBe(10);
    expect(fileSizeMb(1572864)).toBe(1.5);
    expect(fileSizeMb(1234567, 1)).toBe(1.2);
  });
  it('chooses the file-type icon by extension', () => {
    expect(['a.docx', 'b.XLS', 'c.pptx', 'd.pdf', 'e.zip', 'noext'].map(fileKindOf)).toEqual([
      'doc',
      'xls',
      'ppt',
      'pdf',
      'other',
      'other',
    ]);
  });
});

describe('image resize (docs/product/i18n-and-modes.md#images)', () => {
  it('scales the longer side down to its limit keeping the aspect ratio', () => {
    expect(resizeDimensions(4000, 3000, 400, 400)).toEqual({ width: 400, height: 300 });
    expect(resizeDimensions(1000, 2000, 500, 500)).toEqual({ width: 250, height: 500 });
  });
  it('keeps an image that already fits', () => {
    expect(resizeDimensions(200, 100, 400, 400)).toEqual({ width: 200, height: 100 });
  });
  it('divides the quality percent by 100', () => {
    expect(qualityFraction(80)).toBe(0.8);
  });
});

describe('navigation rules (docs/product/i18n-and-modes.md#modes, docs/product/i18n-and-modes.md#routes, docs/product/projects-and-membership.md#project-resolution)', () => {
  it('returns home after a mode switch except on home, setting, no-project and permission-denied', () => {
    expect(shouldReturnHomeAfterModeSwitch('Timeline')).toBe(true);
    expect(shouldReturnHomeAfterModeSwitch('setting')).toBe(false);
    expect(shouldReturnHomeAfterModeSwitch('No project')).toBe(false);
  });
  it('skips project resolution on setting, No project, Permission denied, home and Profile', () => {
    expect(needsProjectResolution('Timeline')).toBe(true);
    expect(needsProjectResolution('Profile')).toBe(false);
  });
  it('warns when members exceed sheets plus the free allowance of 4', () => {
    expect(isSubscriptionShort(4, 0)).toBe(false);
    expect(isSubscriptionShort(5, 0)).toBe(true);
    expect(isSubscriptionShort(6, 2)).toBe(false);
  });
  it('shows the warning bar only when all conditions hold', () => {
    const base = { isLoggedIn: true, isWarningSubscription: true, closed: false, route: 'Timeline' as const };
    expect(shouldShowWarningBar(base)).toBe(true);
    expect(shouldShowWarningBar({ ...base, closed: true })).toBe(false);
    expect(shouldShowWarningBar({ ...base, isLoggedIn: false })).toBe(false);
    expect(shouldShowWarningBar({ ...base, isWarningSubscription: false })).toBe(false);
    expect(shouldShowWarningBar({ ...base, route: 'join' })).toBe(false);
  });
});

describe('small formatters', () => {
  it('masks the local part of an e-mail', () => {
    expect(maskEmail('someone@example.com')).toBe('so*****@example.com');
    expect(maskEmail('ab@x.io')).toBe('a*@x.io');
  });
  it('shows thousand won as 만원', () => {
    expect(thousandWonToManwon(350)).toBe(35);
  });
});
