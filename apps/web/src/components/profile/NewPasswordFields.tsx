import { PASSWORD_MAX } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { FormText } from '../ui/Form';

/**
 * A new password and its confirmation (docs/product/accounts.md#validation: 10–20 characters, the confirmation must match),
 * as the fields `password` and `passwordConfirm` of the surrounding form.
 */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
}: {
  passwordLabel: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormText
        name="password"
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={t('ui.join.passwordHint')}
      />
      <FormText
        name="passwordConfirm"
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
    </>
  );
}
