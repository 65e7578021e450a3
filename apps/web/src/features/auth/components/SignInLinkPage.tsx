import type { AuthTokens, SecondFactorChallenge } from '@teamline/contract';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { AuthShell } from '../../../components/AuthShell';
import { SecondFactorStep } from '../../../app/two-factor-slots';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { usePreviousPathStore } from '../../../stores/previous-path-store';
import { authApi } from '../api/auth-api';
import { afterLoginPath } from './after-login';

/**
 * `#/login/link?token=`: where a mailed one-time sign-in link lands. It signs in with the token once
 * and goes where login would have gone; an account with a second factor is asked for it next, as
 * after a right password; a used, expired or unknown link says so.
 */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [failure, setFailure] = useState<string | null>(() => (token ? null : 'SIGN_IN_LINK_INVALID'));
  const started = useRef(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  async function signedIn(tokens: AuthTokens) {
    useAuthStore.getState().setTokens(tokens);
    await navigate(afterLoginPath(null, usePreviousPathStore.getState().previousPath), { replace: true });
  }

  useEffect(() => {
    // The token works once: StrictMode's second effect run must not spend it again.
    if (started.current || !token) return;
    started.current = true;
    authApi
      .signInWithLink(token)
      .then(signedIn)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED')
          setChallenge(error.details as SecondFactorChallenge);
        else setFailure(errorCodeOf(error));
      });
    // signedIn only reads stores and navigate; the token is what starts the sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, navigate]);

  if (challenge) {
    return (
      <AuthShell title={t('ui.twoFactor.stepTitle')}>
        <Suspense fallback={<PageSpinner />}>
          <SecondFactorStep
            challenge={challenge}
            onSignedIn={signedIn}
            onRestart={() => void navigate('/login', { replace: true })}
          />
        </Suspense>
      </AuthShell>
    );
  }

  if (!failure) {
    return (
      <AuthShell title={t('ui.signIn.signingIn')}>
        <PageSpinner />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('ui.signIn.failedTitle')}>
      <p className="auth-card__message" role="alert">
        {t(`errors.${failure}`)}
      </p>
      <Link className="btn btn--green btn--large btn--block" to="/login">
        {t('ui.signIn.backToLogin')}
      </Link>
    </AuthShell>
  );
}
