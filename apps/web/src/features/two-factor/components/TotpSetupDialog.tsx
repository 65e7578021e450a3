import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PageSpinner } from '../../../app/RootLayout';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { twoFactorApi } from '../api/two-factor-api';
import { QrCode } from './QrCode';

const confirmForm = z.object({ code: z.string().trim().min(1, 'required') });

/** Scan the QR code (or type the key), then the app's first code turns it on. */
export function TotpSetupDialog({
  onClose,
  onEnabled,
}: {
  onClose: () => void;
  onEnabled: (recoveryCodes: string[] | null) => void;
}) {
  const { t } = useTranslation();
  // One secret per opening of the dialog (a new one replaces a secret never confirmed).
  const setup = useQuery({
    queryKey: ['two-factor', 'totp-setup'],
    queryFn: twoFactorApi.startTotp,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const form = useZodForm(confirmForm, { defaultValues: { code: '' } });
  const onServerError = useServerError(form, {
    codeFields: { SECOND_FACTOR_INVALID: 'code', VALIDATION_FAILED: 'code' },
  });

  async function confirm(values: { code: string }) {
    try {
      onEnabled((await twoFactorApi.confirmTotp(values.code)).recoveryCodes);
    } catch (error) {
      onServerError(error);
    }
  }

  return (
    <Modal
      title={t('ui.twoFactor.setupTitle')}
      isOpen
      onClose={onClose}
      size="small"
      {...(setup.data ? { formId: 'totp-setup-form', confirmText: t('ui.twoFactor.setupSubmit') } : {})}
      isConfirmLoading={form.formState.isSubmitting}
    >
      {setup.isLoading && <PageSpinner />}
      {setup.isError && (
        <div className="state-card" role="alert">
          <p>{t(`errors.${errorCodeOf(setup.error)}`)}</p>
          <Button size="medium" onClick={() => void setup.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      )}
      {setup.data && (
        <div className="totp-setup" data-testid="totp-setup">
          <p>{t('ui.twoFactor.setupScan')}</p>
          <div className="totp-setup__qr">
            <QrCode value={setup.data.uri} label={t('ui.twoFactor.setupQr')} />
          </div>
          <p className="totp-setup__key">
            <span className="muted">{t('ui.twoFactor.setupKey')}</span>{' '}
            <code data-testid="totp-secret">{setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <Form form={form} onSubmit={confirm} id="totp-setup-form" className="form">
            <FormText
              label={t('ui.twoFactor.code')}
              hint={t('ui.twoFactor.setupConfirm')}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
            />
          </Form>
        </div>
      )}
    </Modal>
  );
}
