import { name, phone } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { errorCodeOf } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { readOauthPreSession, writeOauthPreSession } from '../../../lib/storage';
import { useZodForm } from '../../../lib/zod-form';
import { profileDefaults, profileFormSchema } from '../../../components/profile/profile-form';
import { authApi } from '../api/auth-api';
import { JoinSteps } from './JoinSteps';
import { joinAccountOf, useJoinSubmit } from './use-join-submit';
import { AuthShell } from '../../../components/AuthShell';

export const oauthJoinFormSchema = profileFormSchema.extend({ name, phone });
type OauthJoinForm = z.input<typeof oauthJoinFormSchema>;

const accountFields = ['name', 'phone'] as const;

/**
 * `#/oauth/pre`: the join form after an outside sign-in of someone not yet registered, prefilled
 * from the issuer's claims; `POST /member/join {preToken, …}` creates the account and signs in.
 */
export function OauthPrePage() {
  const { t } = useTranslation();
  const [session] = useState(readOauthPreSession);
  const [step, setStep] = useState<1 | 2>(1);
  const [isExpired, setIsExpired] = useState(false);
  const form = useZodForm(oauthJoinFormSchema, {
    defaultValues: {
      ...profileDefaults(null, currentLanguage()),
      // The name field holds at most 15 characters; a longer name from the issuer is cut to fit.
      name: (session?.name ?? '').slice(0, 15),
      phone: '',
    },
  });
  const submit = useJoinSubmit(form, {
    accountFields,
    onStepChange: setStep,
    onRefused: (error) => {
      if (errorCodeOf(error) !== 'OAUTH_SESSION_EXPIRED') return false;
      writeOauthPreSession(null);
      setIsExpired(true);
      return true;
    },
  });

  if (!session || isExpired) {
    return (
      <AuthShell title={t('ui.oauth.noSession')}>
        <p className="auth-card__message" role={isExpired ? 'alert' : undefined}>
          {isExpired ? t('errors.OAUTH_SESSION_EXPIRED') : t('ui.oauth.noSessionBody')}
        </p>
        <Link className="btn btn--green btn--large btn--block" to="/login">
          {t('ui.oauth.backToLogin')}
        </Link>
      </AuthShell>
    );
  }
  const pre = session;

  async function handleJoin(values: OauthJoinForm) {
    await submit(
      () => authApi.join({ ...joinAccountOf(values), preToken: pre.preToken }),
      () => writeOauthPreSession(null),
    );
  }

  return (
    <AuthShell title={t('ui.oauth.preTitle')} subtitle={t('ui.oauth.preSubtitle', { email: pre.email })}>
      <JoinSteps
        form={form}
        onSubmit={handleJoin}
        step={step}
        onStepChange={setStep}
        accountFields={accountFields}
      />
    </AuthShell>
  );
}
