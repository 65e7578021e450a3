import type { AuthTokens } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { notify } from '../../../stores/toast-store';
import { twoFactorApi } from '../api/two-factor-api';
import { isPasskeyCancel, signChallenge } from '../logic/passkey';

/** "Sign in with a passkey" on the login page: a passkey with user verification is both factors. */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (tokens: AuthTokens) => Promise<void> }) {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);

  async function signIn() {
    setIsBusy(true);
    try {
      const { ticket, options } = await twoFactorApi.passkeyLoginOptions();
      const credential = await signChallenge(options);
      await onSignedIn(await twoFactorApi.passkeyLogin(ticket, credential));
    } catch (error) {
      if (isPasskeyCancel(error)) notify(t('ui.twoFactor.passkeyCancelled'), 'info');
      else if (error instanceof ApiError) notify(t(`errors.${errorCodeOf(error)}`), 'error');
      else notify(t('ui.twoFactor.passkeyUnsupported'), 'error');
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Button
      variant="outline"
      isBlock
      isLoading={isBusy}
      onClick={() => void signIn()}
      data-testid="passkey-sign-in"
    >
      {t('ui.twoFactor.signInWithPasskey')}
    </Button>
  );
}
