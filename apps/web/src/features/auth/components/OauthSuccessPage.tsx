import {
  isErrorCode,
  type AuthTokens,
  type ErrorCode,
  type OauthLinkRequired,
  type SecondFactorChallenge,
} from '@teamline/contract';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageSpinner } from '../../../app/RootLayout';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { writeOauthPreSession } from '../../../lib/storage';
import { useZodForm } from '../../../lib/zod-form';
import { useAuthStore } from '../../../stores/auth-store';
import { usePreviousPathStore } from '../../../stores/previous-path-store';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../../../components/AuthShell';
import { afterLoginPath } from './after-login';
import { SecondFactorStep } from '../../../app/two-factor-slots';

/** What the callback's `error` means to the person: the issuer's `access_denied` is a cancel. */
export function oauthErrorCode(error: string): ErrorCode {
  if (error === 'access_denied') return 'OAUTH_CANCELLED';
  return isErrorCode(error) ? error : 'AUTH_LOGIN_FAILED';
}

/** The callback address the sign-in started with (the server compares it with the stored one). */
const callbackUri = () =>
  `${window.location.origin}${window.location.pathname.replace(/\/$/, '')}/api/auth/oauth/google/callback`;

const linkFormSchema = z.object({ password: z.string().min(1, 'required') });

/**
 * `#/oauth/success?code=…&state=…` (or `?error=…`): finishes the sign-in with the issuer. A registered
 * person is signed in; a new one goes to the join form (`/oauth/pre`); an e-mail account with the same
 * address asks for its password to link the two (docs/decisions.md "Outside sign-in").
 */
export function OauthSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  const [failure, setFailure] = useState<ErrorCode | null>(() =>
    error ? oauthErrorCode(error) : !code || !state ? 'OAUTH_STATE_INVALID' : null,
  );
  const [link, setLink] = useState<OauthLinkRequired | null>(null);
  // An account with a second factor is asked for it as after a password (features/two-factor).
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const started = useRef(false);
  const form = useZodForm(linkFormSchema, { defaultValues: { password: '' } });
  const onServerError = useServerError(form, { codeFields: { AUTH_INCORRECT_PASSWORD: 'password' } });

  const goOn = () =>
    navigate(afterLoginPath(null, usePreviousPathStore.getState().previousPath), { replace: true });

  useEffect(() => {
    // The state is single-use: StrictMode's second effect run must not spend it twice.
    if (started.current || failure || !code || !state) return;
    started.current = true;
    authApi
      .oauthLogin({ provider: 'google', code, state, redirectUri: callbackUri() })
      .then(async (result) => {
        if (result.result === 'signedIn') {
          useAuthStore.getState().setTokens(result);
          await goOn();
          return;
        }
        writeOauthPreSession({ preToken: result.preToken, email: result.email, name: result.name });
        await navigate('/oauth/pre', { replace: true });
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 'OAUTH_LINK_REQUIRED')
          setLink(err.details as OauthLinkRequired);
        else if (err instanceof ApiError && err.code === 'SECOND_FACTOR_REQUIRED')
          setChallenge(err.details as SecondFactorChallenge);
        else setFailure(errorCodeOf(err));
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once for the address it was opened with
  }, [code, state, failure]);

  async function handleLink(values: { password: string }) {
    if (!link) return;
    try {
      useAuthStore.getState().setTokens(await authApi.oauthLink(link.linkToken, values.password));
      await goOn();
    } catch (err) {
      if (errorCodeOf(err) === 'OAUTH_SESSION_EXPIRED') setFailure('OAUTH_SESSION_EXPIRED');
      else if (err instanceof ApiError && err.code === 'SECOND_FACTOR_REQUIRED') {
        setLink(null);
        setChallenge(err.details as SecondFactorChallenge);
      } else onServerError(err);
    }
  }

  if (failure) {
    return (
      <AuthShell title={t('ui.oauth.failedTitle')}>
        <p className="auth-card__message" role="alert">
          {t(`errors.${failure}`)}
        </p>
        <Link className="btn btn--green btn--large btn--block" to="/login">
          {t('ui.oauth.backToLogin')}
        </Link>
      </AuthShell>
    );
  }
  if (challenge) {
    return (
      <AuthShell title={t('ui.twoFactor.stepTitle')}>
        <Suspense fallback={<PageSpinner />}>
          <SecondFactorStep
            challenge={challenge}
            onSignedIn={async (tokens: AuthTokens) => {
              useAuthStore.getState().setTokens(tokens);
              await goOn();
            }}
            onRestart={() => void navigate('/login', { replace: true })}
          />
        </Suspense>
      </AuthShell>
    );
  }
  if (link) {
    return (
      <AuthShell title={t('ui.oauth.linkTitle')}>
        <p className="auth-card__message">{t('ui.oauth.linkBody', { email: link.email })}</p>
        <Form form={form} onSubmit={handleLink} className="form">
          <input type="email" name="email" value={link.email} autoComplete="username" readOnly hidden />
          <FormText
            label={t('ui.oauth.password')}
            type="password"
            autoComplete="current-password"
            name="password"
          />
          <Button type="submit" isBlock isLoading={form.formState.isSubmitting}>
            {t('ui.oauth.linkSubmit')}
          </Button>
        </Form>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('ui.oauth.signingIn')}>
      <PageSpinner />
    </AuthShell>
  );
}
