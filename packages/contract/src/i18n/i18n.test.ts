import { describe, expect, it } from 'vitest';
import { errorCodes } from '../errors.js';
import { keyPaths, plural, resources } from './index.js';

describe('translations', () => {
  const english = keyPaths(resources.en).sort();

  it.each(['kr', 'vi'] as const)('%s has exactly the keys of English, none empty', (lang) => {
    expect(keyPaths(resources[lang]).sort()).toEqual(english);
    const empty = keyPaths(resources[lang]).filter((path) => {
      const value = path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], resources[lang]);
      return typeof value !== 'string' || value.trim() === '';
    });
    expect(empty).toEqual([]);
  });

  it.each(['en', 'kr', 'vi'] as const)('%s translates every error code', (lang) => {
    const missing = errorCodes.filter((code) => !resources[lang].errors[code]);
    expect(missing).toEqual([]);
  });

  it('vi writes the planning terms as the glossary does (docs/glossary.md: câu chuyện, hạng mục, …)', () => {
    const english = keyPaths(resources.vi).flatMap((path) => {
      const value = path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], resources.vi);
      const words = typeof value === 'string' ? value.replace(/\{\{\w+\}\}/g, '') : '';
      return /\b(story|stories|epics?|backlog|milestones?)\b/i.test(words) ? [`${path}: ${words}`] : [];
    });
    expect(english).toEqual([]);
  });

  it.each(['en', 'kr', 'vi'] as const)(
    '%s writes every plural key with both i18next forms, _one and _other',
    (lang) => {
      const paths = keyPaths(resources[lang]);
      const sibling = (path: string) =>
        path.endsWith('_one') ? path.replace(/_one$/, '_other') : path.replace(/_other$/, '_one');
      const lonely = paths.filter((path) => /_(one|other)$/.test(path) && !paths.includes(sibling(path)));
      expect(lonely).toEqual([]);
    },
  );

  it('picks the plural form as i18next does: one and other in English, always other in kr and vi', () => {
    const subject = (lang: 'en' | 'kr' | 'vi', count: number) =>
      plural(resources[lang].mail.notification, 'digestSubject', lang, { count });
    expect(subject('en', 1)).toBe('Teamline: 1 new notification');
    expect(subject('en', 2)).toBe('Teamline: 2 new notifications');
    expect(subject('kr', 1)).toBe('Teamline: 새 알림 1개');
    expect(subject('vi', 2)).toBe('Teamline: 2 thông báo mới');
  });
});
