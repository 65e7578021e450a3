import { auditSentence, type AuditKind, type AuditRecord } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { auditTranslator } from './audit-texts.js';

const record = (kind: AuditKind, changes: Record<string, unknown>): AuditRecord => ({
  auditIdx: 1,
  occurredAt: '2026-11-28T00:00:00Z',
  kind,
  actor: { memberIdx: 7, nickname: 'Mina' },
  member: null,
  projectIdx: 1,
  target: null,
  changes,
  ip: null,
  userAgent: null,
});

/** The CSV's sentences (issue 33: "1 sheets", "1 records") take the plural form of their count. */
describe('audit sentences with a count', () => {
  const en = auditTranslator('en');
  const money = { amount: 10_000, currency: 'KRW' };

  it.each([
    [
      'subscription.subscribed',
      (n: number) => ({ plan: '30D', sheets: n, ...money }),
      'Mina subscribed to Monthly with 1 sheet (₩10,000)',
      'Mina subscribed to Monthly with 2 sheets (₩10,000)',
    ],
    [
      'subscription.sheets_added',
      (n: number) => ({ count: n, sheets: { from: 1, to: 1 + n }, ...money }),
      'Mina added 1 sheet (₩10,000)',
      'Mina added 2 sheets (₩10,000)',
    ],
    [
      'audit.exported',
      (n: number) => ({ count: n }),
      'Mina downloaded the audit log (1 record)',
      'Mina downloaded the audit log (2 records)',
    ],
  ] as const)('%s says one and two in English', (kind, changes, one, two) => {
    expect(auditSentence(record(kind, changes(1)), en, 'en')).toBe(one);
    expect(auditSentence(record(kind, changes(2)), en, 'en')).toBe(two);
  });

  it('kr and vi read the one text for any count, and sentences without plural forms are unchanged', () => {
    expect(
      auditSentence(record('subscription.sheets_added', { count: 1, ...money }), auditTranslator('kr'), 'kr'),
    ).toBe('Mina 님이 1석을 추가했습니다 (10,000원)');
    expect(auditSentence(record('audit.exported', { count: 1 }), auditTranslator('vi'), 'vi')).toBe(
      'Mina đã tải nhật ký kiểm toán (1 bản ghi)',
    );
    expect(auditSentence(record('account.sessions_signed_out', { count: 1 }), en, 'en')).toBe(
      'Mina signed out sessions (1)',
    );
  });
});
