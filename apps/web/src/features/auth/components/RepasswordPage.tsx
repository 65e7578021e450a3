import { zodResolver } from '@hookform/resolvers/zod';
import { password } from '@teamline/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/TextInput';
import { errorCodeOf } from '../../../lib/api-client';
import { fieldErrorText } from '../../../lib/form';
import { notify } from '../../../stores/toast-store';
import { authApi } from '../api/auth-api';
import { AuthShell } from './AuthShell';

export const newPasswordSchema = z
  .object({ password, passwordConfirm: z.string() })
  .refine((v) => v.password === v.passwordConfirm, {
    message: 'passwordMismatch',
    path: ['passwordConfirm'],
  });
type NewPasswordForm = z.input<typeof newPasswordSchema>;

export function RepasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function handleReset(values: NewPasswordForm) {
    try {
      await authApi.resetPassword(token, values.password);
      notify(t('ui.toast.passwordChanged'), 'success');
      await navigate('/login', { replace: true });
    } catch (error) {
      notify(t(`errors.${errorCodeOf(error)}`), 'error');
    }
  }

  if (!token) {
    return (
      <AuthShell title={t('ui.find.repasswordTitle')}>
        <p className="auth-card__message">{t('ui.find.missingToken')}</p>
        <Link className="btn btn--green btn--large btn--block" to="/find/password">
          {t('ui.find.passwordSubmit')}
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('ui.find.repasswordTitle')}>
      <form className="form" onSubmit={form.handleSubmit(handleReset)} noValidate>
        <TextInput
          label={t('ui.find.newPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          hint={t('ui.join.passwordHint')}
          error={fieldErrorText(t, errors.password)}
          {...form.register('password')}
        />
        <TextInput
          label={t('ui.find.confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          error={fieldErrorText(t, errors.passwordConfirm)}
          {...form.register('passwordConfirm')}
        />
        <Button type="submit" isBlock isLoading={isSubmitting}>
          {t('ui.find.repasswordSubmit')}
        </Button>
      </form>
    </AuthShell>
  );
}
