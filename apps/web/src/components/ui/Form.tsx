import {
  useId,
  type ComponentProps,
  type FocusEvent,
  type FormHTMLAttributes,
  type ChangeEvent,
  type ReactNode,
} from 'react';
import {
  FormProvider,
  useFormContext,
  useFormState,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../lib/form';
import { TextInput } from './TextInput';

interface FormProps<T extends FieldValues, O> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  form: UseFormReturn<T, unknown, O>;
  onSubmit: SubmitHandler<O>;
  children: ReactNode;
}

/** A `<form>` bound to a `useZodForm` form: its fields find it by context, the browser does not validate. */
export function Form<T extends FieldValues, O>({ form, onSubmit, children, ...rest }: FormProps<T, O>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...rest} onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * The translated error of one field of the surrounding form, once the user can expect it: after the
 * field was touched, after a submit, or when the server put it there.
 */
export function useFieldErrorText(
  name: string,
  /** A field's own wording of a schema message key (`required` → "Give a reason…"). */
  messages?: Record<string, string>,
): string | undefined {
  const { t } = useTranslation();
  const { control, getFieldState } = useFormContext();
  const formState = useFormState({ control, name });
  const { error, isTouched } = getFieldState(name, formState);
  if (!error) return undefined;
  const isShown = error.type === 'server' || formState.isSubmitted || isTouched;
  if (!isShown) return undefined;
  return (error.message && messages?.[error.message]) || fieldErrorText(t, error);
}

type TextInputProps = Omit<ComponentProps<typeof TextInput>, 'error' | 'name'>;

/**
 * A TextInput registered under `name`, showing that field's error (aria-invalid, aria-describedby);
 * `messages` words a schema message key for this field (`moneyAmount` → "Enter an amount like …").
 */
export function FormText({
  name,
  messages,
  onChange,
  onBlur,
  ...rest
}: TextInputProps & { name: string; messages?: Record<string, string> }) {
  const { register } = useFormContext();
  const error = useFieldErrorText(name, messages);
  const field = register(name);
  return (
    <TextInput
      {...rest}
      {...field}
      error={error}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        void field.onChange(event);
        onChange?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        void field.onBlur(event);
        onBlur?.(event);
      }}
    />
  );
}

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled field of the surrounding form for any control (textarea, select, number, date): the
 * control gets the id and aria attributes from `children(props)`, the error is shown below it.
 */
export function FormField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className = '',
  hideLabel,
  messages,
  children,
}: {
  name: Path<T>;
  messages?: Record<string, string>;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  hideLabel?: boolean;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const error = useFieldErrorText(name, messages);
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field ${className}`.trim()}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
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
}

/** A select of the surrounding form registered under `name`, with its label and error. */
export function FormSelect({
  name,
  label,
  options,
}: {
  name: string;
  label: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
}) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label}>
      {(props) => (
        <select {...props} className="input" {...register(name)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
