import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { AuthShell } from '../../../components/AuthShell';
import { errorCodeOf } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { usePreviousPathStore } from '../../../stores/previous-path-store';
import { authApi } from '../api/auth-api';
import { afterLoginPath } from './after-login';

/**
 * `#/login/link?token=`: where a mailed one-time sign-in link lands. It signs in with the token once
 * and goes where login would have gone; a used, expired or unknown link says so.
 */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [failure, setFailure] = useState<string | null>(() => (token ? null : 'SIGN_IN_LINK_INVALID'));
  const started = useRef(false);

  useEffect(() => {
    // The token works once: StrictMode's second effect run must not spend it again.
    if (started.current || !token) return;
    started.current = true;
    authApi
      .signInWithLink(token)
      .then(async (tokens) => {
        useAuthStore.getState().setTokens(tokens);
        await navigate(afterLoginPath(null, usePreviousPathStore.getState().previousPath), { replace: true });
      })
      .catch((error: unknown) => setFailure(errorCodeOf(error)));
  }, [token, navigate]);

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
