import { codeToIsoDate, isoDateToCode } from '@teamline/contract';
import { useId, useState, type ReactNode } from 'react';
import { DateInput } from '../../../components/ui/DateInput';

/** A labelled field row of the detail panel. */
export function Field({ label, children, id }: { label: string; children: ReactNode; id?: string }) {
  return (
    <div className="dp-field">
      <label className="dp-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="dp-field__value">{children}</div>
    </div>
  );
}

/** A text saved when it loses focus (or Enter), only when it changed. */
export function InlineText({
  label,
  value,
  onSave,
  disabled,
  multiline = false,
  maxLength,
  testId,
}: {
  label: string;
  value: string;
  onSave: (value: string) => void;
  disabled?: boolean;
  multiline?: boolean;
  maxLength?: number;
  testId?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from the server (a save or someone else's change) replaces the draft.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value) onSave(draft);
  };
  return (
    <Field label={label} id={id}>
      {multiline ? (
        <textarea
          id={id}
          className="input dp-textarea"
          value={draft}
          disabled={disabled}
          maxLength={maxLength}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          data-testid={testId}
        />
      ) : (
        <input
          id={id}
          className="input"
          value={draft}
          disabled={disabled}
          maxLength={maxLength}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
            if (e.key === 'Escape') setDraft(value);
          }}
          data-testid={testId}
        />
      )}
    </Field>
  );
}

/** A date (YYYYMMDD code) picker; empty clears it. */
export function DateField({
  label,
  value,
  onSave,
  disabled,
  min,
  testId,
}: {
  label: string;
  value: string | null;
  onSave: (value: string | null) => void;
  disabled?: boolean;
  min?: string | null;
  testId?: string;
}) {
  const id = useId();
  return (
    <Field label={label} id={id}>
      <DateInput
        id={id}
        className="input"
        value={value ? codeToIsoDate(value) : ''}
        min={min ? codeToIsoDate(min) : undefined}
        disabled={disabled}
        onChange={(e) => onSave(e.target.value ? isoDateToCode(e.target.value) : null)}
        data-testid={testId}
      />
    </Field>
  );
}

export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onSave,
  disabled,
  testId,
}: {
  label: string;
  value: T | null;
  options: { value: T | null; label: string }[];
  onSave: (value: T | null) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  const keyOf = (v: T | null) => (v === null ? '' : String(v));
  return (
    <Field label={label} id={id}>
      <select
        id={id}
        className="input"
        value={keyOf(value)}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          const picked = options.find((o) => keyOf(o.value) === e.target.value);
          if (picked) onSave(picked.value);
        }}
      >
        {options.map((o) => (
          <option key={keyOf(o.value)} value={keyOf(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
