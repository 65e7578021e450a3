import { describe, expect, it } from 'vitest';
import { errorCodes } from '../errors.js';
import { keyPaths, resources } from './index.js';

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
});
