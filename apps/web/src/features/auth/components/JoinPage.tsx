import {
  name,
  password,
  passwordMismatch,
  passwordsMatch,
  phone,
  type JoinGeneralRequest,
} from '@teamline/contract';
import { NewPasswordFields } from '../../../components/profile/NewPasswordFields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { currentLanguage } from '../../../lib/i18n';
import { readJoinSession, writeJoinSession } from '../../../lib/storage';
import { useAuthStore } from '../../../stores/auth-store';
import { goAfterJoin } from './after-join';
import {
  profileDefaults,
  profileFormSchema,
  toProfileRequest,
} from '../../../components/profile/profile-form';
import { authApi } from '../api/auth-api';
import { JoinSteps } from './JoinSteps';
import { AuthShell } from '../../../components/AuthShell';

export const joinFormSchema = profileFormSchema
  .extend({ password, passwordConfirm: z.string(), name, phone })
  .refine(passwordsMatch, passwordMismatch);
type JoinForm = z.input<typeof joinFormSchema>;

const accountFields = ['password', 'passwordConfirm', 'name', 'phone'] as const;

export function JoinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [session] = useState(readJoinSession);
  const [step, setStep] = useState<1 | 2>(1);
  const form = useZodForm(joinFormSchema, {
    defaultValues: {
      ...profileDefaults(null, currentLanguage()),
      password: '',
      passwordConfirm: '',
      name: '',
      phone: '',
    },
  });
  const onServerError = useServerError(form, { codeFields: { NICKNAME_TAKEN: 'nickname' } });

  if (!session) {
    return (
      <AuthShell title={t('ui.join.noSession')}>
        <p className="auth-card__message">{t('ui.join.noSessionBody')}</p>
        <Link className="btn btn--green btn--large btn--block" to="/mailform">
          {t('ui.join.start')}
        </Link>
      </AuthShell>
    );
  }
  const verified = session;

  async function handleJoin(values: JoinForm) {
    const body: JoinGeneralRequest = {
      ...toProfileRequest(values),
      nickname: values.nickname.trim(),
      verifiedToken: verified.verifiedToken,
      password: values.password,
      name: values.name.trim(),
      phone: values.phone.trim(),
    };
    try {
      const tokens = await authApi.joinGeneral(body);
      writeJoinSession(null);
      useAuthStore.getState().setTokens(tokens);
      await goAfterJoin(navigate, t('ui.join.welcome'));
    } catch (error) {
      onServerError(error);
      // A refused account field is on the first step: go back to where it shows.
      if (accountFields.some((f) => form.getFieldState(f).error)) setStep(1);
    }
  }

  return (
    <AuthShell title={t('ui.join.title')} subtitle={t('ui.join.verifiedAs', { email: verified.email })}>
      <JoinSteps
        form={form}
        onSubmit={handleJoin}
        step={step}
        onStepChange={setStep}
        accountFields={accountFields}
        accountFirst={
          <>
            <input type="email" name="email" value={verified.email} autoComplete="username" readOnly hidden />
            <NewPasswordFields
              passwordLabel={t('ui.join.password')}
              confirmLabel={t('ui.join.passwordConfirm')}
            />
          </>
        }
      />
    </AuthShell>
  );
}
