import { type AuditTranslate, type Language } from '@teamline/contract';
import { interpolate, resources } from '@teamline/contract/i18n';

/** The server's `t` over the shared texts: the CSV speaks the same sentences as the screen. */
export function auditTranslator(lang: Language): AuditTranslate {
  const tree: unknown = resources[lang];
  return (key, values) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    return typeof text === 'string' ? interpolate(text, values) : key;
  };
}
