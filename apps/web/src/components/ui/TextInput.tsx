import {
  forwardRef,
  lazy,
  Suspense,
  useId,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * Dates and months show in the app's language, not the browser's (DateInput). It loads with the
 * first date field, not with every form: the sign-in page has none (docs/decisions.md › Web app).
 * Until it is in, the field is a plain native input of the same type, bound the same way.
 */
const DateInput = lazy(() => import('./DateInput').then((m) => ({ default: m.DateInput })));

/** docs/product/i18n-and-modes.md#widgets: search icon, spinner, max length, disabled while loading, number-only mode. */
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

  const isDate = rest.type === 'date' || rest.type === 'month';

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (isNumberOnly && !isAllowedNumberKey(event)) event.preventDefault();
    onKeyDown?.(event);
  }

  const inputProps: InputHTMLAttributes<HTMLInputElement> & { ref: typeof ref } = {
    ref,
    id: inputId,
    className: 'field__input',
    disabled: disabled || isLoading,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    inputMode: isNumberOnly ? 'decimal' : rest.inputMode,
    onKeyDown: handleKeyDown,
    onInput: (event) => {
      if (isNumberOnly) {
        const target = event.currentTarget;
        const kept = keepNumberChars(target.value);
        if (kept !== target.value) target.value = kept;
      }
      onInput?.(event);
    },
    ...rest,
  };

  return (
    <div className={`field ${className}`.trim()}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className={`field__control${hasSearchIcon ? ' field__control--search' : ''}`}>
        {hasSearchIcon && <Icon name="search" className="field__icon" />}
        {isDate ? (
          <Suspense fallback={<input {...inputProps} />}>
            <DateInput {...inputProps} type={rest.type as 'date' | 'month'} />
          </Suspense>
        ) : (
          <input {...inputProps} />
        )}
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
