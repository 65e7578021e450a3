import { describe, expect, it } from 'vitest';
import { languages } from '../constants.js';
import { domainEventNames } from '../events.js';
import { resources } from '../i18n/index.js';
import {
  notificationCategories,
  notificationKindNames,
  notificationKinds,
  notificationText,
} from './notification-kinds.js';

describe('notification catalogue', () => {
  it('has a title, body and settings label for every kind in every language, and nothing extra', () => {
    for (const lang of languages) {
      const texts = resources[lang].ui.notification;
      expect(Object.keys(texts.kinds).sort(), lang).toEqual([...notificationKindNames].sort());
      expect(Object.keys(texts.labels).sort(), lang).toEqual([...notificationKindNames].sort());
      for (const kind of notificationKindNames) {
        expect(texts.kinds[kind].title.trim(), `${lang} ${kind}`).not.toBe('');
        expect(texts.labels[kind].trim(), `${lang} ${kind}`).not.toBe('');
      }
      for (const category of notificationCategories) expect(texts.categories[category]).toBeTruthy();
      expect(resources[lang].mail.notification.digestSubject_one).toContain('{{count}}');
      expect(resources[lang].mail.notification.digestSubject_other).toContain('{{count}}');
    }
  });

  it('uses the same placeholders in every language as in English', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const kind of notificationKindNames) {
      const en = resources.en.ui.notification.kinds[kind];
      const expected = placeholders(en.title + en.body);
      for (const lang of languages) {
        const t = resources[lang].ui.notification.kinds[kind];
        expect(placeholders(t.title + t.body), `${lang} ${kind}`).toEqual(expected);
      }
    }
  });

  it('lists every kind the issue asks for, each with a category, and names the events it starts from', () => {
    // 19 of issue 13, 5 of recruitment (issue 16), a request taken or completed (issue 33), and a
    // budget threshold reached (issue 34).
    expect(notificationKindNames).toHaveLength(27);
    for (const kind of notificationKindNames)
      expect(notificationCategories).toContain(notificationKinds[kind].category);
    expect(domainEventNames).toContain('invite.created');
    expect(domainEventNames).toContain('recruitment.applied');
    expect(domainEventNames).toContain('recruitment.application_changed');
  });

  it('fills a notice in the reader’s language, months written their way', () => {
    const params = { actor: 'Mina', month: '202603', project: 'Apollo' };
    expect(
      notificationText(resources.en.ui.notification.kinds, 'settlementSubmitted', params, 'en').title,
    ).toBe('Mina submitted the settlement for Mar 2026');
    expect(
      notificationText(resources.kr.ui.notification.kinds, 'settlementSubmitted', params, 'kr').title,
    ).toBe('Mina님이 2026.03 정산을 제출했습니다');
    expect(
      notificationText(resources.vi.ui.notification.kinds, 'settlementSubmitted', params, 'vi').title,
    ).toBe('Mina đã nộp quyết toán tháng 03/2026');
    expect(notificationText(resources.en.ui.notification.kinds, 'fromTheFuture', {}, 'en').title).toBe(
      'fromTheFuture',
    );
  });
});
