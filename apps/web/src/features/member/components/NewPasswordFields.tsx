import { PASSWORD_MAX } from '@teamline/contract';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/ui/TextInput';
import { fieldErrorText } from '../../../lib/form';

/** A new password and its confirmation (spec §5: 10–20 characters, the confirmation must match). */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  password,
  confirm,
  passwordError,
  confirmError,
}: {
  passwordLabel: string;
  confirmLabel: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  passwordError: FieldError | undefined;
  confirmError: FieldError | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={t('ui.join.passwordHint')}
        error={fieldErrorText(t, passwordError)}
        {...password}
      />
      <TextInput
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        error={fieldErrorText(t, confirmError)}
        {...confirm}
      />
    </>
  );
}
