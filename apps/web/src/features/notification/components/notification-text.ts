import { formatMonth, type Language, type Notification } from '@teamline/contract';
import type { TFunction } from 'i18next';

/** A notice's title and body in the current language (a month is written that language's way). */
export function noticeText(t: TFunction, lang: Language, n: Pick<Notification, 'kind' | 'params'>) {
  const values = {
    ...n.params,
    ...(n.params.month ? { month: formatMonth(String(n.params.month), lang) } : {}),
  };
  const base = `ui.notification.kinds.${n.kind}`;
  return {
    title: t(`${base}.title`, { ...values, defaultValue: n.kind }),
    body: t(`${base}.body`, { ...values, defaultValue: '' }),
  };
}
