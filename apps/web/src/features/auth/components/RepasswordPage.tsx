import { password, passwordMismatch, passwordsMatch } from '@teamline/contract';
import { NewPasswordFields } from '../../../components/profile/NewPasswordFields';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../../../components/AuthShell';

export const newPasswordSchema = z
  .object({ password, passwordConfirm: z.string() })
  .refine(passwordsMatch, passwordMismatch);
type NewPasswordForm = z.input<typeof newPasswordSchema>;

export function RepasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useZodForm(newPasswordSchema, { defaultValues: { password: '', passwordConfirm: '' } });
  const { isSubmitting } = form.formState;
  const onServerError = useServerError(form);

  async function handleReset(values: NewPasswordForm) {
    try {
      await authApi.resetPassword(token, values.password);
      notify(t('ui.toast.passwordChanged'), 'success');
      await navigate('/login', { replace: true });
    } catch (error) {
      onServerError(error);
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
      <Form form={form} onSubmit={handleReset} className="form">
        <NewPasswordFields
          passwordLabel={t('ui.find.newPassword')}
          confirmLabel={t('ui.find.confirmPassword')}
        />
        <Button type="submit" isBlock isLoading={isSubmitting}>
          {t('ui.find.repasswordSubmit')}
        </Button>
      </Form>
    </AuthShell>
  );
}
