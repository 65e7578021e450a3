import { auditSentence, type AuditRecord } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/**
 * Counts in English take i18next's plural keys (issue 33: "1 stories"); kr and vi repeat one text in
 * both keys. The same init as lib/i18n.ts, on all three languages at once.
 */
const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(
    (['en', 'kr', 'vi'] as const).map((lang) => [lang, { translation: resources[lang] }]),
  ),
  lng: 'en',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

const cases: [key: string, values: Record<string, string | number>, one: string, two: string][] = [
  ['ui.ai.timeline.storyCount', {}, '1 story', '2 stories'],
  ['ui.ai.timeline.milestoneCount', {}, '1 milestone', '2 milestones'],
  ['ui.settings.epics.stories', {}, '1 story', '2 stories'],
  ['ui.billing.memberCount', {}, '1 member', '2 members'],
  [
    'ui.billing.subscribePop.sheetsHint',
    { members: '3 members' },
    'The project has 3 members: at least 1 sheet covers them (4 are free).',
    'The project has 3 members: at least 2 sheets cover them (4 are free).',
  ],
  ['ui.dashboard.kpi.progressHint', { done: 0 }, '0 of 1 story completed', '0 of 2 stories completed'],
  ['ui.dashboard.milestones.stories', { done: 1 }, '1/1 story', '1/2 stories'],
  ['ui.dashboard.epics.stories', { done: 1 }, '1/1 story', '1/2 stories'],
  ['ui.planning.storyCount', { shown: 1 }, '1 / 1 story', '1 / 2 stories'],
  ['ui.planning.epic.storyCount', { done: 1 }, '1 / 1 story done', '1 / 2 stories done'],
  [
    'ui.timesheet.copied',
    { skipped: 0 },
    'Copied 1 entry from last week; 0 skipped (already there, future or locked).',
    'Copied 2 entries from last week; 0 skipped (already there, future or locked).',
  ],
  [
    'ui.timesheet.copyFailed',
    {},
    '1 entry of last week could not be copied.',
    '2 entries of last week could not be copied.',
  ],
];

describe('counts in plural forms', () => {
  it.each(cases)('%s says one and two in English', (key, values, one, two) => {
    // `total` is the count where the sentence has one ("1 / 2 stories").
    expect(i18n.t(key, { ...values, total: 1, count: 1 })).toBe(one);
    expect(i18n.t(key, { ...values, total: 2, count: 2 })).toBe(two);
  });

  it.each(['kr', 'vi'] as const)('%s finds a text for one and for two', (lng) => {
    for (const [key, values] of cases) {
      for (const count of [1, 2]) {
        const text = i18n.t(key, { ...values, total: count, count, lng });
        expect(text, `${lng} ${key} ${count}`).not.toBe(key);
        expect(text).toContain(String(count));
      }
    }
  });
});

describe('audit sentences with a count, through i18next', () => {
  const record = (changes: Record<string, unknown>): AuditRecord => ({
    auditIdx: 1,
    occurredAt: '2026-11-28T00:00:00Z',
    kind: 'subscription.sheets_added',
    actor: { memberIdx: 7, nickname: 'Mina' },
    member: null,
    projectIdx: 1,
    target: null,
    changes: { ...changes, amount: 10_000, currency: 'KRW' },
    ip: null,
    userAgent: null,
  });
  const t = (key: string, values?: Record<string, string | number>) => i18n.t(key, values);

  it('picks the sentence of the count (1 sheet, 2 sheets)', () => {
    expect(auditSentence(record({ count: 1 }), t, 'en')).toBe('Mina added 1 sheet (₩10,000)');
    expect(auditSentence(record({ count: 2 }), t, 'en')).toBe('Mina added 2 sheets (₩10,000)');
  });
});
