import { forwardRef, useCallback, useEffect, useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMonth } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { type?: 'date' | 'month' };

/**
 * A native date (or month) input whose text follows the app's language, not the browser's: the
 * browser writes "mm/dd/yyyy" in an English browser whatever language the user chose. While the
 * field is not focused, the chosen day is shown over it in the app's format (lib/format); on focus
 * the native segments come back for typing, and the native picker (calendar button, phone wheels)
 * stays. Works controlled (`value`) and uncontrolled (react-hook-form's `register`): the text is
 * read from the element itself after each render and on every input. See docs/decisions.md › Formats.
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  { type = 'date', className = '', onInput, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const textRef = useRef<HTMLSpanElement>(null);

  const paint = useCallback(() => {
    const input = inputRef.current;
    const text = textRef.current;
    if (!input || !text) return;
    const value = input.value;
    const shown = type === 'month' ? formatMonth(value, lang) : formatDate(value, lang);
    text.textContent = shown || t(type === 'month' ? 'ui.input.monthPattern' : 'ui.input.datePattern');
    text.classList.toggle('date-input__text--empty', !shown);
  }, [lang, t, type]);

  // After every render: a controlled value or a form reset may have changed the element's value.
  useLayoutEffect(paint);
  useEffect(() => {
    const input = inputRef.current;
    input?.addEventListener('change', paint);
    return () => input?.removeEventListener('change', paint);
  }, [paint]);

  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  return (
    <span className="date-input">
      <input
        ref={setRefs}
        type={type}
        className={`date-input__field ${className}`.trim()}
        onInput={(event) => {
          paint();
          onInput?.(event);
        }}
        {...rest}
      />
      <span ref={textRef} className="date-input__text" aria-hidden="true" />
    </span>
  );
});
