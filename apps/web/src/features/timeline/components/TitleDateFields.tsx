import { codeToIsoDate } from '@teamline/contract';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/ui/DateInput';
import { useFieldErrorText } from '../../../components/ui/Form';
import { isoToCodeOrNull, touchAndTrigger, useServerError } from '../../../lib/form';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { FormProvider, type UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './fields';

interface StoryFieldValues {
  title: string;
  startDt: string;
  endDt: string;
}
const names = ['title', 'startDt', 'endDt'] as const;

interface Item {
  title: string;
  startDt: string | null;
  endDt: string | null;
}
type Body = { title?: string; startDt?: string | null; endDt?: string | null };

/** The inputs hold ISO dates; the contract's update schema (end not before start) judges them. */
const formOf = (request: z.ZodType<unknown>) =>
  requestForm(
    (v: StoryFieldValues) => ({
      title: v.title,
      startDt: isoToCodeOrNull(v.startDt),
      endDt: isoToCodeOrNull(v.endDt),
    }),
    request,
  );

const valuesOf = (item: Item): StoryFieldValues => ({
  title: item.title,
  startDt: codeToIsoDate(item.startDt),
  endDt: codeToIsoDate(item.endDt),
});

/**
 * Whether this form shows a refused update itself (field errors on its own fields), so the update
 * hook leaves out its toast.
 */
export const isShownOnFields = (error: unknown, body: object): boolean => {
  if (!(error instanceof ApiError)) return false;
  const paths = Object.keys(error.fieldErrors);
  return paths.length > 0 && paths.every((p) => (names as readonly string[]).includes(p) && p in body);
};

/**
 * Title and dates of a story or milestone, saved as they change (title on blur or Enter, a date on change). A
 * value the rules or the server refuse stays in its field with the reason below it, instead of
 * silently going back; a new value from the server replaces a field the user is not fixing.
 */
export function TitleDateFields({
  item,
  request,
  update,
  disabled,
  titleTestId,
}: {
  item: Item;
  /** The contract's update schema of the item. */
  request: z.ZodType<unknown>;
  /** The item's update mutation; its own error handler skips what `isShownOnFields` says. */
  update: {
    isPending: boolean;
    mutate: (body: Body, options: { onError: (error: unknown) => void }) => void;
  };
  disabled: boolean;
  titleTestId?: string;
}) {
  const { t } = useTranslation();
  const server = valuesOf(item);
  const [schema] = useState(() => formOf(request));
  const form = useZodForm(schema, { defaultValues: server });
  const onServerError = useServerError(form);
  const save = (body: Body) =>
    update.mutate(body, {
      onError: (error) => {
        if (isShownOnFields(error, body)) onServerError(error);
        // Refused for another reason (the update's toast said why): show the item as it is again.
        else for (const name of names) if (body[name] !== undefined) form.resetField(name);
      },
    });

  // The fields' default values are the server's as last seen. A new server value replaces a field
  // unless the field shows an error the user is fixing; a save in flight (optimistic, maybe rolled
  // back) is waited for.
  const seen = (name: (typeof names)[number]) => form.formState.defaultValues?.[name] ?? '';
  useEffect(() => {
    if (update.isPending) return;
    for (const name of names) {
      if (server[name] === seen(name) || form.getFieldState(name).error) continue;
      form.resetField(name, { defaultValue: server[name] });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the three values are the dependency
  }, [server.title, server.startDt, server.endDt, update.isPending]);

  async function saveTitle() {
    const title = form.getValues('title');
    if (title === seen('title') || !(await touchAndTrigger(form, ['title']))) return;
    save({ title: title.trim() });
  }
  async function saveDates() {
    if (!(await touchAndTrigger(form, ['startDt', 'endDt']))) return;
    const body: Body = {};
    for (const name of ['startDt', 'endDt'] as const) {
      const value = form.getValues(name);
      if (value !== seen(name)) body[name] = isoToCodeOrNull(value);
    }
    if (Object.keys(body).length > 0) save(body);
  }

  return (
    <FormProvider {...form}>
      <TextRow
        name="title"
        label={t('ui.planning.detail.title')}
        disabled={disabled}
        testId={titleTestId}
        field={form.register('title', { onBlur: () => void saveTitle() })}
        onEscape={() => form.resetField('title')}
      />
      <div className="dp-grid">
        <DateRow
          name="startDt"
          label={t('ui.planning.detail.startDt')}
          disabled={disabled}
          field={form.register('startDt', { onChange: () => void saveDates() })}
        />
        <DateRow
          name="endDt"
          label={t('ui.planning.detail.endDt')}
          disabled={disabled}
          min={form.watch('startDt')}
          field={form.register('endDt', { onChange: () => void saveDates() })}
        />
      </div>
    </FormProvider>
  );
}

function TextRow({
  name,
  label,
  disabled,
  testId,
  field,
  onEscape,
}: {
  name: string;
  label: string;
  disabled: boolean;
  testId: string | undefined;
  field: UseFormRegisterReturn;
  onEscape: () => void;
}) {
  const id = useId();
  const error = useFieldErrorText(name);
  return (
    <Field label={label} id={id} error={error}>
      <input
        id={id}
        className="input"
        maxLength={200}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') onEscape();
        }}
        {...field}
      />
    </Field>
  );
}

function DateRow({
  name,
  label,
  disabled,
  min,
  field,
}: {
  name: string;
  label: string;
  disabled: boolean;
  min?: string;
  field: UseFormRegisterReturn;
}) {
  const id = useId();
  const error = useFieldErrorText(name);
  return (
    <Field label={label} id={id} error={error}>
      <DateInput
        id={id}
        type="date"
        className="input"
        min={min || undefined}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field}
      />
    </Field>
  );
}
