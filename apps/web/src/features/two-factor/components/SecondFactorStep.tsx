import type { AuthTokens, SecondFactorChallenge, SecondFactorMethod } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { twoFactorApi } from '../api/two-factor-api';
import { isPasskeyCancel, signChallenge } from '../logic/passkey';

const codeForm = z.object({ code: z.string().trim().min(1, 'required') });
type CodeMethod = Extract<SecondFactorMethod, 'totp' | 'recovery'>;

/**
 * The login's second step, after a right password or an outside sign-in of an account with a second
 * factor: the authenticator app's code, a passkey, or a recovery code when the phone is lost.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: SecondFactorChallenge;
  onSignedIn: (tokens: AuthTokens) => void | Promise<void>;
  /** The challenge expired or the person wants to start over. */
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const has = (m: SecondFactorMethod) => challenge.methods.includes(m);
  const [method, setMethod] = useState<CodeMethod | 'passkey'>(
    has('totp') ? 'totp' : has('passkey') ? 'passkey' : 'recovery',
  );
  const [isPasskeyBusy, setIsPasskeyBusy] = useState(false);
  const form = useZodForm(codeForm, { defaultValues: { code: '' } });
  const onServerError = useServerError(form, {
    codeFields: { SECOND_FACTOR_INVALID: 'code', VALIDATION_FAILED: 'code' },
  });

  function fail(error: unknown) {
    if (errorCodeOf(error) === 'SECOND_FACTOR_EXPIRED') {
      notify(t('errors.SECOND_FACTOR_EXPIRED'), 'error');
      onRestart();
      return;
    }
    onServerError(error);
  }

  async function submitCode(values: { code: string }) {
    try {
      await onSignedIn(
        await twoFactorApi.secondFactor(challenge.challengeToken, {
          method: method === 'recovery' ? 'recovery' : 'totp',
          code: values.code,
        }),
      );
    } catch (error) {
      fail(error);
    }
  }

  async function proveWithPasskey() {
    setIsPasskeyBusy(true);
    try {
      const { ticket, options } = await twoFactorApi.secondFactorPasskeyOptions(challenge.challengeToken);
      const credential = await signChallenge(options);
      await onSignedIn(
        await twoFactorApi.secondFactor(challenge.challengeToken, {
          method: 'passkey',
          ticket,
          credential: credential as never,
        }),
      );
    } catch (error) {
      if (isPasskeyCancel(error)) notify(t('ui.twoFactor.passkeyCancelled'), 'info');
      else if (error instanceof ApiError) fail(error);
      else notify(t('ui.twoFactor.passkeyUnsupported'), 'error');
    } finally {
      setIsPasskeyBusy(false);
    }
  }

  const switchTo = (next: CodeMethod | 'passkey') => {
    form.reset({ code: '' });
    setMethod(next);
  };

  return (
    <div className="two-factor-step" data-testid="second-factor">
      <p className="auth-card__message">
        {t(
          method === 'totp'
            ? 'ui.twoFactor.stepBodyTotp'
            : method === 'passkey'
              ? 'ui.twoFactor.stepBodyPasskey'
              : 'ui.twoFactor.stepBodyRecovery',
        )}
      </p>
      {method === 'passkey' ? (
        <Button isBlock isLoading={isPasskeyBusy} onClick={() => void proveWithPasskey()}>
          {t('ui.twoFactor.usePasskey')}
        </Button>
      ) : (
        <Form form={form} onSubmit={submitCode} className="form">
          <FormText
            key={method}
            label={t(method === 'totp' ? 'ui.twoFactor.code' : 'ui.twoFactor.recoveryCode')}
            name="code"
            autoComplete="one-time-code"
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            autoFocus
            maxLength={method === 'totp' ? 7 : 40}
          />
          <Button type="submit" isBlock isLoading={form.formState.isSubmitting}>
            {t('ui.twoFactor.verify')}
          </Button>
        </Form>
      )}
      <div className="two-factor-step__others">
        {method !== 'passkey' && has('passkey') && (
          <Button variant="outline" isBlock onClick={() => switchTo('passkey')}>
            {t('ui.twoFactor.usePasskey')}
          </Button>
        )}
        {method !== 'totp' && has('totp') && (
          <Button variant="ghost" isBlock onClick={() => switchTo('totp')}>
            {t('ui.twoFactor.useTotp')}
          </Button>
        )}
        {method !== 'recovery' && has('recovery') && (
          <Button variant="ghost" isBlock onClick={() => switchTo('recovery')}>
            {t('ui.twoFactor.useRecovery')}
          </Button>
        )}
        <Button variant="ghost" isBlock onClick={onRestart}>
          {t('ui.twoFactor.backToPassword')}
        </Button>
      </div>
    </div>
  );
}
