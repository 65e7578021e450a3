import { localeOf } from '@teamline/contract';
import { useId } from 'react';
import { useLanguage } from '../../../lib/use-language';

/** Read-only stars: `value` of 5, halves shown by filling part of a star. */
export function Stars({
  value,
  label,
  size = 'small',
}: {
  value: number;
  /** What a screen reader hears; without one the stars are decoration beside a visible value. */
  label?: string;
  size?: 'small' | 'large';
}) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span className={`stars stars--${size}`} {...a11y}>
      <span className="stars__base" aria-hidden="true">
        ★★★★★
      </span>
      <span
        className="stars__fill"
        aria-hidden="true"
        style={{ width: `${(Math.max(0, Math.min(5, value)) / 5) * 100}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}

/**
 * The star input of docs/product/recruitment-and-reviews.md#reviews (0 to 5 in steps of 0.5): a native range under the stars, so a click,
 * a drag, arrow keys, Home/End and Page keys all work and screen readers hear the value as text.
 * `null` is "none chosen yet": empty stars and a dash; a click or a key on the slider chooses, even
 * at 0, where the range's value does not change.
 */
export function StarInput({
  value,
  onChange,
  label,
  valueText,
  noneText,
  describedBy,
  isInvalid,
}: {
  value: number | null;
  onChange: (value: number) => void;
  label: string;
  valueText: (value: number) => string;
  /** What a screen reader hears before a choice. */
  noneText: string;
  describedBy?: string | undefined;
  isInvalid?: boolean;
}) {
  const id = useId();
  const lang = useLanguage();
  const choose = (input: HTMLInputElement) => onChange(Number(input.value));
  return (
    <div className="star-input">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="star-input__row">
        <span className="star-input__control">
          <Stars value={value ?? 0} size="large" />
          <input
            id={id}
            type="range"
            min={0}
            max={5}
            step={0.5}
            value={value ?? 0}
            aria-valuetext={value === null ? noneText : valueText(value)}
            aria-invalid={isInvalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => choose(event.currentTarget)}
            onPointerUp={(event) => value === null && choose(event.currentTarget)}
            onKeyUp={(event) => value === null && choose(event.currentTarget)}
          />
        </span>
        <output htmlFor={id} className="star-input__value">
          {value === null
            ? '—'
            : value.toLocaleString(localeOf[lang], { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </output>
      </div>
    </div>
  );
}
