import type { SecondFactorMethod } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLogout } from '../../../app/use-logout';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { ApiError } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { currentHashPath } from '../../../lib/api';
import { notify } from '../../../stores/toast-store';
import { twoFactorApi } from '../api/two-factor-api';
import { isPasskeyCancel, signChallenge } from '../logic/passkey';
import { settleStepUp, useStepUpStore } from '../../../lib/step-up-store';

const proofForm = z.object({ secret: z.string().trim().min(1, 'required') });
type Typed = 'totp' | 'recovery' | 'password';

/**
 * The one step-up dialog: a sensitive call answered 403 STEP_UP_REQUIRED, so the login proves a
 * factor again (the authenticator app, a passkey, a recovery code; the password of an account
 * without a second factor; a new sign-in for an account with neither) and the call is sent again.
 */
export function StepUpDialog() {
  const pending = useStepUpStore((s) => s.pending);
  if (!pending) return null;
  return <StepUpForm methods={pending.methods} />;
}

function StepUpForm({ methods }: { methods: SecondFactorMethod[] }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const typedFirst: Typed | null = methods.includes('totp')
    ? 'totp'
    : methods.includes('password')
      ? 'password'
      : methods.includes('recovery') && !methods.includes('passkey')
        ? 'recovery'
        : null;
  const [typed, setTyped] = useState<Typed | null>(typedFirst);
  const [isPasskeyBusy, setIsPasskeyBusy] = useState(false);
  const form = useZodForm(proofForm, { defaultValues: { secret: '' } });
  const onServerError = useServerError(form, {
    codeFields: {
      SECOND_FACTOR_INVALID: 'secret',
      AUTH_INCORRECT_PASSWORD: 'secret',
      VALIDATION_FAILED: 'secret',
    },
  });

  async function submit(values: { secret: string }) {
    try {
      await twoFactorApi.stepUp(
        typed === 'password'
          ? { method: 'password', password: values.secret }
          : { method: typed === 'recovery' ? 'recovery' : 'totp', code: values.secret },
      );
      settleStepUp(true);
    } catch (error) {
      onServerError(error);
    }
  }

  async function proveWithPasskey() {
    setIsPasskeyBusy(true);
    try {
      const { ticket, options } = await twoFactorApi.stepUpPasskeyOptions();
      const credential = await signChallenge(options);
      await twoFactorApi.stepUp({ method: 'passkey', ticket, credential: credential as never });
      settleStepUp(true);
    } catch (error) {
      if (isPasskeyCancel(error)) notify(t('ui.twoFactor.passkeyCancelled'), 'info');
      else if (error instanceof ApiError) onServerError(error);
      else notify(t('ui.twoFactor.passkeyUnsupported'), 'error');
    } finally {
      setIsPasskeyBusy(false);
    }
  }

  async function signInAgain() {
    const back = currentHashPath();
    settleStepUp(false);
    await logout();
    window.location.hash = `#/login?redirect=${encodeURIComponent(back)}`;
  }

  const switchTo = (next: Typed | null) => {
    form.reset({ secret: '' });
    setTyped(next);
  };
  const label =
    typed === 'password'
      ? t('ui.twoFactor.stepUpPassword')
      : typed === 'recovery'
        ? t('ui.twoFactor.recoveryCode')
        : t('ui.twoFactor.code');

  return (
    <Modal
      title={t('ui.twoFactor.stepUpTitle')}
      isOpen
      onClose={() => settleStepUp(false)}
      size="small"
      {...(typed ? { formId: 'step-up-form', confirmText: t('ui.twoFactor.stepUpSubmit') } : {})}
      isConfirmLoading={form.formState.isSubmitting}
    >
      <div className="two-factor-step" data-testid="step-up">
        {methods.length === 0 ? (
          <>
            <p>{t('ui.twoFactor.stepUpReauth')}</p>
            <Button isBlock onClick={() => void signInAgain()}>
              {t('ui.twoFactor.stepUpSignIn')}
            </Button>
          </>
        ) : (
          <>
            <p>
              {t('ui.twoFactor.stepUpBody')}{' '}
              {t(
                typed === 'password'
                  ? 'ui.twoFactor.stepUpPasswordBody'
                  : typed === 'recovery'
                    ? 'ui.twoFactor.stepBodyRecovery'
                    : typed === 'totp'
                      ? 'ui.twoFactor.stepBodyTotp'
                      : 'ui.twoFactor.stepBodyPasskey',
              )}
            </p>
            {typed ? (
              <Form form={form} onSubmit={submit} id="step-up-form" className="form">
                <FormText
                  key={typed}
                  label={label}
                  name="secret"
                  type={typed === 'password' ? 'password' : 'text'}
                  autoComplete={typed === 'password' ? 'current-password' : 'one-time-code'}
                  inputMode={typed === 'totp' ? 'numeric' : 'text'}
                />
              </Form>
            ) : (
              <Button isBlock isLoading={isPasskeyBusy} onClick={() => void proveWithPasskey()}>
                {t('ui.twoFactor.usePasskey')}
              </Button>
            )}
            <div className="two-factor-step__others">
              {typed && methods.includes('passkey') && (
                <Button variant="outline" isBlock onClick={() => switchTo(null)}>
                  {t('ui.twoFactor.usePasskey')}
                </Button>
              )}
              {typed !== 'totp' && methods.includes('totp') && (
                <Button variant="ghost" isBlock onClick={() => switchTo('totp')}>
                  {t('ui.twoFactor.useTotp')}
                </Button>
              )}
              {typed !== 'recovery' && methods.includes('recovery') && (
                <Button variant="ghost" isBlock onClick={() => switchTo('recovery')}>
                  {t('ui.twoFactor.useRecovery')}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
