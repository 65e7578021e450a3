import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/**
 * The one way a form is built (docs/decisions.md › Web app › Forms): react-hook-form with the
 * contract's zod schema as resolver, validated on blur once a field was touched and on every change
 * after that; `FormText`/`FormField` show a field's error only once it was touched or the form
 * submitted, so a fresh row (an added career) is not red before the user typed.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  props: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema as never) as never,
    mode: 'onTouched',
    ...props,
  });
}

/**
 * A form schema from a contract request schema: `toRequest` turns what the inputs hold (ISO dates,
 * digit strings) into the request, and the contract's rules validate the result. Field names equal
 * the request's keys, so every issue lands on the field the user typed in and the rules are not
 * written twice.
 */
export function requestForm<Values extends FieldValues, Request>(
  toRequest: (values: Values) => unknown,
  request: z.ZodType<Request>,
): z.ZodType<Request, Values> {
  return z
    .custom<Values>(() => true)
    .transform(toRequest)
    .pipe(request);
}
