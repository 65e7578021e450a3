import type { Language } from '../constants.js';
import { pluralForm } from '../rules/language.js';
import { errors as enErrors, validation as enValidation } from './en/errors.js';
import { mail as enMail } from './en/mail.js';
import { statement as enStatement } from './en/statement.js';
import { ui as enUi } from './en/ui.js';
import { errors as krErrors, validation as krValidation } from './kr/errors.js';
import { mail as krMail } from './kr/mail.js';
import { statement as krStatement } from './kr/statement.js';
import { ui as krUi } from './kr/ui.js';
import { errors as viErrors, validation as viValidation } from './vi/errors.js';
import { mail as viMail } from './vi/mail.js';
import { statement as viStatement } from './vi/statement.js';
import { ui as viUi } from './vi/ui.js';
import { webhook as enWebhook } from './en/webhook.js';
import { webhook as krWebhook } from './kr/webhook.js';
import { webhook as viWebhook } from './vi/webhook.js';

/** English is the reference: every other language must have exactly its keys (checked by tsc and a test). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<{
  errors: typeof enErrors;
  validation: typeof enValidation;
  ui: typeof enUi;
  mail: typeof enMail;
  statement: typeof enStatement;
  webhook: typeof enWebhook;
}>;

/**
 * The part the web app loads, one language at a time (`@teamline/contract/i18n/<lang>/web`): the
 * mails and the statement files (CSV, PDF) are written by the server only.
 */
export type WebMessages = Omit<Messages, 'mail' | 'statement' | 'webhook'>;

/**
 * The feature areas of the web texts (`ui.<area>.*`, one `ui-<area>.ts` per language). The web app
 * loads the shell texts before the first render and each area with the routes that use it, so the
 * sign-in page does not carry the timeline's texts.
 */
export const uiAreas = [
  'planning',
  'request',
  'settlement',
  'timesheet',
  'settings',
  'dashboard',
  'profile',
  'profileForm',
  'devices',
  'home',
  'billing',
  'notification',
  'webhook',
  'github',
  'document',
  'ai',
  'guide',
  'recruitment',
  'review',
  'oauth',
  'myData',
  'signIn',
  'twoFactor',
  'audit',
  'accessToken',
  'spending',
  'earnings',
  'calendar',
  'import',
] as const;
export type UiArea = (typeof uiAreas)[number];

/** What `@teamline/contract/i18n/<lang>/web` holds: every web text except the feature areas. */
export type WebShellMessages = Omit<WebMessages, 'ui'> & { ui: Omit<WebMessages['ui'], UiArea> };

export const resources: Record<Language, Messages> = {
  en: {
    errors: enErrors,
    validation: enValidation,
    ui: enUi,
    mail: enMail,
    statement: enStatement,
    webhook: enWebhook,
  },
  kr: {
    errors: krErrors,
    validation: krValidation,
    ui: krUi,
    mail: krMail,
    statement: krStatement,
    webhook: krWebhook,
  },
  vi: {
    errors: viErrors,
    validation: viValidation,
    ui: viUi,
    mail: viMail,
    statement: viStatement,
    webhook: viWebhook,
  },
};

/** Fills `{{name}}` placeholders, the same syntax i18next uses in the web app. */
export function interpolate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

// `pluralForm` lives with the languages (rules/language.ts) so the shared rules (the audit sentence)
// use it without loading every translation; the server reads it from here with the texts.
export { pluralForm };

/**
 * The text for `count` of a key written in i18next's plural forms (`<key>_one`, `<key>_other`), as
 * the web's `t(key, { count })` picks it: the server's mails and documents use the same keys. Every
 * language has both keys (the translations share English's keys); Korean and Vietnamese have no
 * singular, so they always read `_other`. `{{count}}` is filled like the other values.
 */
export function plural(
  texts: Record<string, string>,
  key: string,
  lang: Language,
  values: Record<string, string | number> & { count: number },
): string {
  const form = pluralForm(lang, values.count);
  const text = texts[`${key}_${form}`] ?? texts[`${key}_other`];
  if (text === undefined) throw new Error(`No plural forms for ${key}`);
  return interpolate(text, values);
}

/** Every key path of a messages tree, e.g. `errors.INVALID_EMAIL`, for completeness tests. */
export function keyPaths(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value as object, `${prefix}${key}.`),
  );
}
