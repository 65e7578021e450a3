import { forwardRef, useId, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from './DateInput';
import { Icon } from './Icon';
import { isAllowedNumberKey, keepNumberChars } from './number-only';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  /** A translated error text. */
  error?: string | undefined;
  hasSearchIcon?: boolean;
  isLoading?: boolean;
  isNumberOnly?: boolean;
  hideLabel?: boolean;
}

/** Spec §2 "Text input": search icon, spinner, max length, disabled while loading, number-only mode. */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  {
    label,
    hint,
    error,
    hasSearchIcon,
    isLoading,
    isNumberOnly,
    hideLabel,
    id,
    className = '',
    onKeyDown,
    onInput,
    disabled,
    ...rest
  },
  ref,
) {
  const { t } = useTranslation();
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint && !error ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;

  // Dates and months show in the app's language, not the browser's (DateInput).
  const InputTag = (rest.type === 'date' || rest.type === 'month' ? DateInput : 'input') as 'input';

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (isNumberOnly && !isAllowedNumberKey(event)) event.preventDefault();
    onKeyDown?.(event);
  }

  return (
    <div className={`field ${className}`.trim()}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className={`field__control${hasSearchIcon ? ' field__control--search' : ''}`}>
        {hasSearchIcon && <Icon name="search" className="field__icon" />}
        <InputTag
          ref={ref}
          id={inputId}
          className="field__input"
          disabled={disabled || isLoading}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          inputMode={isNumberOnly ? 'decimal' : rest.inputMode}
          onKeyDown={handleKeyDown}
          onInput={(event) => {
            if (isNumberOnly) {
              const target = event.currentTarget;
              const kept = keepNumberChars(target.value);
              if (kept !== target.value) target.value = kept;
            }
            onInput?.(event);
          }}
          {...rest}
        />
        {isLoading && (
          <span className="spinner field__spinner" role="status" aria-label={t('ui.input.loading')} />
        )}
      </div>
      {hintId && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
