import { FORMER_MEMBER_NICKNAME } from '@teamline/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { i18next, setLanguage } from './i18n';
import { memberName } from './member-name';

describe('memberName', () => {
  afterAll(async () => {
    await setLanguage('en');
  });

  it.each([
    ['en', 'Former member'],
    ['kr', '탈퇴한 멤버'],
    ['vi', 'Thành viên cũ'],
  ] as const)(
    'names a withdrawn account and an unknown record "former member" in %s',
    async (lang, former) => {
      await setLanguage(lang);
      const t = i18next.t.bind(i18next);
      expect(memberName(FORMER_MEMBER_NICKNAME, t)).toBe(former);
      expect(memberName(undefined, t)).toBe(former);
      expect(memberName('Mina', t)).toBe('Mina');
    },
  );
});
