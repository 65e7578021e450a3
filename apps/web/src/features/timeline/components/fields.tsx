import { useId, useState, type ReactNode } from 'react';

/** A labelled field row of the detail panel; `error` (translated) shows below as `${id}-error`. */
export function Field({
  label,
  children,
  id,
  error,
}: {
  label: string;
  children: ReactNode;
  id?: string;
  error?: string | undefined;
}) {
  return (
    <div className="dp-field">
      <label className="dp-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="dp-field__value">
        {children}
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
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
