import { name, password, passwordMismatch, passwordsMatch, phone } from '@teamline/contract';
import { NewPasswordFields } from '../../../components/profile/NewPasswordFields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '../../../lib/zod-form';
import { currentLanguage } from '../../../lib/i18n';
import { readJoinSession, writeJoinSession } from '../../../lib/storage';
import { profileDefaults, profileFormSchema } from '../../../components/profile/profile-form';
import { authApi } from '../api/auth-api';
import { JoinSteps } from './JoinSteps';
import { joinAccountOf, useJoinSubmit } from './use-join-submit';
import { AuthShell } from '../../../components/AuthShell';

export const joinFormSchema = profileFormSchema
  .extend({ password, passwordConfirm: z.string(), name, phone })
  .refine(passwordsMatch, passwordMismatch);
type JoinForm = z.input<typeof joinFormSchema>;

const accountFields = ['password', 'passwordConfirm', 'name', 'phone'] as const;

export function JoinPage() {
  const { t } = useTranslation();
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
  const submit = useJoinSubmit(form, { accountFields, onStepChange: setStep });

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
    await submit(
      () =>
        authApi.joinGeneral({
          ...joinAccountOf(values),
          verifiedToken: verified.verifiedToken,
          password: values.password,
        }),
      () => writeJoinSession(null),
    );
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
