import type { Language } from '../constants.js';
import type { AuditKind, AuditRecord } from '../schemas/audit.js';
import { isFormerMember } from '../schemas/my-data.js';
import { pluralForm } from './language.js';
import { currencies, formatMinorUnits, type Currency } from './settlement.js';

/** A translation function: i18next's `t` in the web app, `interpolate` over the resources on the server. */
export type AuditTranslate = (key: string, values?: Record<string, string | number>) => string;

const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (currencies as readonly string[]).includes(value);

/** Values that have their own words (`ui.audit.values.<field>.<value>`): roles, sign-in methods… */
const translatedFields = new Set([
  'role',
  'method',
  'reason',
  'plan',
  'format',
  'status',
  'type',
  'feed',
  'scope',
  'period',
]);

function valueText(field: string, value: unknown, t: AuditTranslate, lang: Language): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'ui.audit.yes' : 'ui.audit.no');
  if (Array.isArray(value)) return value.map((v) => valueText(field, v, t, lang)).join(', ');
  if (typeof value === 'string' && translatedFields.has(field)) {
    const key = `ui.audit.values.${field}.${value}`;
    const text = t(key);
    return text === key ? value : text;
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

/**
 * The sentence of a record in the reader's language: `ui.audit.kinds.<kind>` filled with the actor,
 * the member concerned and the record's facts (roles, methods and plans in words, amounts as money).
 */
export function auditSentence(record: AuditRecord, t: AuditTranslate, lang: Language): string {
  // A withdrawn account keeps an empty nickname (`isFormerMember`): the sentence says "former member".
  const named = (person: { memberIdx: number; nickname: string | null }) =>
    person.nickname === null
      ? `#${person.memberIdx}`
      : isFormerMember(person.nickname)
        ? t('ui.memberName.former')
        : person.nickname;
  const values: Record<string, string | number> = {
    actor: record.actor
      ? named(record.actor)
      : t(record.kind === 'account.sign_in_failed' ? 'ui.audit.someone' : 'ui.audit.system'),
    member: record.member ? named(record.member) : t('ui.audit.unknownAccount'),
  };
  for (const [field, value] of Object.entries(record.changes)) {
    if (isChange(value)) continue;
    values[field] = valueText(field, value, t, lang);
  }
  const { amount, currency } = record.changes;
  if (typeof amount === 'number' && Number.isSafeInteger(amount) && isCurrency(currency))
    values.amount = formatMinorUnits(amount, currency, lang);
  const key = `ui.audit.kinds.${record.kind}`;
  // A sentence written in i18next's plural forms (`<kind>_one`, `<kind>_other`, issue 33) is picked
  // by its count; every other sentence is the kind's own key.
  const count = record.changes[countFieldOf[record.kind] ?? 'count'];
  if (typeof count === 'number') {
    const pluralKey = `${key}_${pluralForm(lang, count)}`;
    const text = t(pluralKey, values);
    if (text !== pluralKey) return text;
  }
  return t(key, values);
}

/** The fact whose number a kind's sentence counts, when it is not `count` ("{{sheets}} sheets"). */
const countFieldOf: Partial<Record<AuditKind, string>> = { 'subscription.subscribed': 'sheets' };

/** The `{ from, to }` changes of a record as lines: "Role: Team member → Team lead". */
export function auditDetails(record: AuditRecord, t: AuditTranslate, lang: Language): string[] {
  return Object.entries(record.changes)
    .filter(([, value]) => isChange(value))
    .map(([field, value]) => {
      const change = value as { from: unknown; to: unknown };
      const key = `ui.audit.fields.${field}`;
      const label = t(key);
      return `${label === key ? field : label}: ${valueText(field, change.from, t, lang)} → ${valueText(
        field,
        change.to,
        t,
        lang,
      )}`;
    });
}
