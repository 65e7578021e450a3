import { languages, type Language } from '@teamline/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The language switcher (docs/product/i18n-and-modes.md#languages); the caller decides where the choice is saved. */
export function LanguageSelect({
  value,
  onChange,
  isDisabled,
  hideLabel,
}: {
  value: Language;
  onChange: (lang: Language) => void;
  isDisabled?: boolean;
  hideLabel?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {t('ui.language.label')}
      </label>
      <select
        id={id}
        className="field__input field__select"
        data-testid="language-select"
        value={value}
        disabled={isDisabled}
        onChange={(e) => onChange(e.target.value as Language)}
      >
        {languages.map((lang) => (
          <option key={lang} value={lang} lang={lang === 'kr' ? 'ko' : lang}>
            {t(`ui.language.${lang}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
