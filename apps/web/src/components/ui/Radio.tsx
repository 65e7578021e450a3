import { useId } from 'react';

interface RadioGroupProps<T extends string> {
  legend: string;
  name: string;
  value: T | undefined;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}

export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: RadioGroupProps<T>) {
  const id = useId();
  return (
    <fieldset className="radio-group" disabled={disabled}>
      <legend className="field__label">{legend}</legend>
      <div className="radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="radio" htmlFor={`${id}-${option.value}`}>
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
