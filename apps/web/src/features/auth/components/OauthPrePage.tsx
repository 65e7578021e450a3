import { name, phone, type JoinRequest } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { errorCodeOf } from '../../../lib/api-client';
import { touchAndTrigger, useServerError } from '../../../lib/form';
import { currentLanguage, setLanguage } from '../../../lib/i18n';
import { readOauthPreSession, writeOauthPreSession } from '../../../lib/storage';
import { useZodForm } from '../../../lib/zod-form';
import { useAuthStore } from '../../../stores/auth-store';
import { notify } from '../../../stores/toast-store';
import { pendingInvitePath } from '../../../lib/invitation-api';
import { ProfileFields } from '../../../components/profile/ProfileFields';
import {
  profileDefaults,
  profileFormSchema,
  toProfileRequest,
} from '../../../components/profile/profile-form';
import { authApi } from '../api/auth-api';
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
  const navigate = useNavigate();
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
  const { isSubmitting } = form.formState;
  const onServerError = useServerError(form, { codeFields: { NICKNAME_TAKEN: 'nickname' } });

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

  async function handleNext() {
    if (await touchAndTrigger(form, accountFields)) setStep(2);
  }

  async function handleJoin(values: OauthJoinForm) {
    const body: JoinRequest = {
      ...toProfileRequest(values),
      nickname: values.nickname.trim(),
      preToken: pre.preToken,
      name: values.name.trim(),
      phone: values.phone.trim(),
    };
    try {
      const tokens = await authApi.join(body);
      writeOauthPreSession(null);
      useAuthStore.getState().setTokens(tokens);
      notify(t('ui.join.welcome'), 'success');
      await navigate(pendingInvitePath() ?? '/instruction/new-register', { replace: true });
    } catch (error) {
      if (errorCodeOf(error) === 'OAUTH_SESSION_EXPIRED') {
        writeOauthPreSession(null);
        setIsExpired(true);
        return;
      }
      onServerError(error);
      if (accountFields.some((f) => form.getFieldState(f).error)) setStep(1);
    }
  }

  return (
    <AuthShell title={t('ui.oauth.preTitle')} subtitle={t('ui.oauth.preSubtitle', { email: pre.email })}>
      <p className="steps" aria-live="polite">
        <span className={step === 1 ? 'is-current' : ''}>1. {t('ui.join.accountStep')}</span>
        <span className={step === 2 ? 'is-current' : ''}>2. {t('ui.join.profileStep')}</span>
        <span className="visually-hidden">{t('ui.join.stepOf', { step })}</span>
      </p>
      <Form form={form} onSubmit={handleJoin} className="form">
        {step === 1 ? (
          <>
            <FormText label={t('ui.join.name')} maxLength={15} autoComplete="name" name="name" />
            <FormText
              label={t('ui.join.phone')}
              isNumberOnly
              type="tel"
              autoComplete="tel"
              hint={t('ui.join.phoneHint')}
              name="phone"
            />
            <Button isBlock onClick={() => void handleNext()}>
              {t('ui.common.next')}
            </Button>
          </>
        ) : (
          <>
            <ProfileFields hasLanguage onLanguageChange={(lang) => void setLanguage(lang)} />
            <div className="form__actions">
              <Button variant="outline" onClick={() => setStep(1)}>
                {t('ui.common.back')}
              </Button>
              <Button type="submit" isLoading={isSubmitting}>
                {t('ui.join.submit')}
              </Button>
            </div>
          </>
        )}
      </Form>
    </AuthShell>
  );
}
