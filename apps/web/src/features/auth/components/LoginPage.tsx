import { useMutation, useQuery } from '@tanstack/react-query';
import type { AuthTokens, loginGeneralRequest, SecondFactorChallenge } from '@teamline/contract';
import { Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useAuthStore } from '../../../stores/auth-store';
import { usePreviousPathStore } from '../../../stores/previous-path-store';
import { authApi } from '../api/auth-api';
import { afterLoginPath } from './after-login';
import { AuthShell } from '../../../components/AuthShell';
import '../sign-in-link.css';
import { PageSpinner } from '../../../app/RootLayout';
import { PasskeySignInButton, SecondFactorStep } from '../../../app/two-factor-slots';

type LoginForm = z.input<typeof loginGeneralRequest>;
// The one form pattern (lib/zod-form) with its resolver fetched lazily: zod is not in the login page's first load.
const loginResolver = lazyResolver<LoginForm>(() => import('./login-resolver').then((m) => m.loginResolver));

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useQuery({
    queryKey: ['auth-config'],
    queryFn: authApi.config,
    staleTime: Infinity,
    retry: false,
  });
  const form = useForm<LoginForm>({
    resolver: loginResolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;
  const onServerError = useServerError(form);
  const isLogin = useAuthStore((s) => s.isLogin);
  // Too many wrong passwords from browsers this account never signed in from: said here, beside
  // the way in that does not wait (a mailed sign-in link), rather than in a passing toast.
  const [isLocked, setIsLocked] = useState(false);
  const mailLink = useMutation({
    mutationFn: (email: string) => authApi.sendSignInLink(email),
  });

  // An account with a second factor: the password was right, the factor is next (features/two-factor).
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  async function signedIn(tokens: AuthTokens) {
    useAuthStore.getState().setTokens(tokens);
    await navigate(afterLoginPath(params.get('redirect'), usePreviousPathStore.getState().previousPath), {
      replace: true,
    });
  }

  async function handleLogin(values: LoginForm) {
    setIsLocked(false);
    try {
      await signedIn(await authApi.loginGeneral(values.email.trim(), values.password));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED')
        setChallenge(error.details as SecondFactorChallenge);
      else if (errorCodeOf(error) === 'AUTH_ACCOUNT_LOCKED') setIsLocked(true);
      else onServerError(error);
    }
  }

  async function handleMailLink() {
    // Only the address is needed: check that one field, whatever the password field holds.
    if (!(await form.trigger('email'))) return form.setFocus('email');
    mailLink.mutate(form.getValues('email').trim());
  }

  function handleGoogle() {
    // The server starts the authorization (PKCE, state, nonce) and sends the browser to the issuer;
    // the issuer comes back to the server's callback, which continues at #/oauth/success.
    window.location.assign(authApi.oauthStartUrl());
  }

  // Already signed in (e.g. a bookmarked login page): go where login would have gone.
  if (isLogin && !isSubmitting && !challenge) {
    return (
      <Navigate
        to={afterLoginPath(params.get('redirect'), usePreviousPathStore.getState().previousPath)}
        replace
      />
    );
  }
  if (challenge) {
    return (
      <AuthShell title={t('ui.twoFactor.stepTitle')}>
        <Suspense fallback={<PageSpinner />}>
          <SecondFactorStep
            challenge={challenge}
            onSignedIn={signedIn}
            onRestart={() => {
              form.resetField('password');
              setChallenge(null);
            }}
          />
        </Suspense>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('ui.login.title')} subtitle={t('ui.login.subtitle')}>
      {config.data?.google && (
        <>
          <Button variant="outline" isBlock onClick={handleGoogle}>
            <span className="google-g" aria-hidden="true">
              G
            </span>
            {t('ui.login.google')}
          </Button>
          <p className="divider">
            <span>{t('ui.login.or')}</span>
          </p>
        </>
      )}
      <Form form={form} onSubmit={handleLogin} className="form">
        <FormText label={t('ui.login.email')} type="email" autoComplete="username" name="email" />
        <FormText
          label={t('ui.login.password')}
          type="password"
          autoComplete="current-password"
          name="password"
        />
        <Button type="submit" isBlock isLoading={isSubmitting}>
          {t('ui.login.submit')}
        </Button>
      </Form>
      <Suspense fallback={null}>
        <div className="login-passkey">
          <PasskeySignInButton onSignedIn={signedIn} />
        </div>
      </Suspense>
      {isLocked && (
        <p className="auth-card__message auth-card__message--error" role="alert" data-testid="login-locked">
          {t('errors.AUTH_ACCOUNT_LOCKED')}
        </p>
      )}
      <div className="sign-in-link">
        <Button
          variant="outline"
          isBlock
          isLoading={mailLink.isPending}
          onClick={() => void handleMailLink()}
          data-testid="sign-in-link"
        >
          {t('ui.signIn.mailLink')}
        </Button>
        {mailLink.isSuccess ? (
          <p className="sign-in-link__note" role="status" data-testid="sign-in-link-note">
            {t('ui.signIn.sent', { email: mailLink.variables })}
          </p>
        ) : mailLink.isError ? (
          <p
            className="sign-in-link__note sign-in-link__note--error"
            role="alert"
            data-testid="sign-in-link-note"
          >
            {t(`errors.${errorCodeOf(mailLink.error)}`)}
          </p>
        ) : (
          <p className="sign-in-link__note muted">{t('ui.signIn.mailLinkHint')}</p>
        )}
      </div>
      <div className="auth-card__links">
        <p>
          {t('ui.login.noAccount')} <Link to="/mailform">{t('ui.login.signUp')}</Link>
        </p>
        <Link to="/find/id">{t('ui.login.findAccount')}</Link>
      </div>
    </AuthShell>
  );
}
