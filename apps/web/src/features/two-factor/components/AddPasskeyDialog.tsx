import type { PasskeySummary } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { ApiError } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { twoFactorApi } from '../api/two-factor-api';
import { createPasskey, isPasskeyCancel } from '../logic/passkey';

const nameForm = z.object({ name: z.string().trim().min(1, 'required').max(60, 'tooLong') });

/** Names the new passkey, then the browser makes it (Touch ID, Windows Hello, a security key, a phone). */
export function AddPasskeyDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (result: { passkey: PasskeySummary; recoveryCodes: string[] | null }) => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(nameForm, { defaultValues: { name: t('ui.twoFactor.passkeyDefaultName') } });
  const onServerError = useServerError(form);

  async function add(values: { name: string }) {
    try {
      const { ticket, options } = await twoFactorApi.passkeyOptions();
      const credential = await createPasskey(options);
      onAdded(await twoFactorApi.registerPasskey({ ticket, name: values.name.trim(), credential }));
    } catch (error) {
      if (isPasskeyCancel(error)) notify(t('ui.twoFactor.passkeyCancelled'), 'info');
      else if (error instanceof ApiError) onServerError(error);
      else notify(t('ui.twoFactor.passkeyUnsupported'), 'error');
    }
  }

  return (
    <Modal
      title={t('ui.twoFactor.passkeyAdd')}
      isOpen
      onClose={onClose}
      size="small"
      formId="add-passkey-form"
      confirmText={t('ui.twoFactor.passkeyAdd')}
      isConfirmLoading={form.formState.isSubmitting}
    >
      <Form form={form} onSubmit={add} id="add-passkey-form" className="form">
        <FormText
          label={t('ui.twoFactor.passkeyName')}
          hint={t('ui.twoFactor.passkeyNameHint')}
          name="name"
          maxLength={60}
          autoComplete="off"
        />
      </Form>
    </Modal>
  );
}
