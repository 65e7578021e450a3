import type { AuthTokens } from '@teamline/contract';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ProfileFormValues, toProfileRequest } from '../../../components/profile/profile-form';
import { useServerError } from '../../../lib/form';
import { useAuthStore } from '../../../stores/auth-store';
import { goAfterJoin } from './after-join';

/** The account and profile both joins send (`/join` adds its token and password, `/oauth/pre` its pre-token). */
export const joinAccountOf = (values: ProfileFormValues & { name: string; phone: string }) => ({
  ...toProfileRequest(values),
  nickname: values.nickname.trim(),
  name: values.name.trim(),
  phone: values.phone.trim(),
});

/**
 * The end of both join forms (the e-mail join and the outside sign-in's): send, forget the join's
 * session, sign in and go on (`goAfterJoin`); a refusal shows on its field, and one of the account's
 * fields takes the form back to the first step. `onRefused` handles a refusal of the page's own first
 * (true: handled).
 */
export function useJoinSubmit<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  options: {
    accountFields: readonly Path<T>[];
    onStepChange: (step: 1 | 2) => void;
    onRefused?: (error: unknown) => boolean;
  },
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onServerError = useServerError(form, { codeFields: { NICKNAME_TAKEN: 'nickname' as Path<T> } });
  return async (send: () => Promise<AuthTokens>, forgetSession: () => void): Promise<void> => {
    try {
      const tokens = await send();
      forgetSession();
      useAuthStore.getState().setTokens(tokens);
      await goAfterJoin(navigate, t('ui.join.welcome'));
    } catch (error) {
      if (options.onRefused?.(error)) return;
      onServerError(error);
      // A refused account field is on the first step: go back to where it shows.
      if (options.accountFields.some((f) => form.getFieldState(f).error)) options.onStepChange(1);
    }
  };
}
