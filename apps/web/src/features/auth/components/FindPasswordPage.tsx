import { zodResolver } from '@hookform/resolvers/zod';
import { email } from '@teamline/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/TextInput';
import { errorCodeOf } from '../../../lib/api-client';
import { fieldErrorText } from '../../../lib/form';
import { notify } from '../../../stores/toast-store';
import { authApi } from '../api/auth-api';
import { AuthShell } from './AuthShell';
import { FindTabs } from './FindTabs';

const schema = z.object({ email });
type FindPasswordForm = z.input<typeof schema>;

export function FindPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<FindPasswordForm>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  async function handleSend(values: FindPasswordForm) {
    const address = values.email.trim().toLowerCase();
    try {
      await authApi.findPassword(address);
      notify(t('ui.toast.emailSent'), 'success');
      setSentTo(address);
    } catch (error) {
      notify(t(`errors.${errorCodeOf(error)}`), 'error');
    }
  }

  return (
    <AuthShell title={t('ui.find.passwordTitle')} subtitle={t('ui.find.passwordSubtitle')}>
      <FindTabs />
      {sentTo ? (
        <p className="result-box" role="status">
          {t('ui.find.passwordSent', { email: sentTo })}
        </p>
      ) : (
        <form className="form" onSubmit={form.handleSubmit(handleSend)} noValidate>
          <TextInput
            label={t('ui.find.email')}
            type="email"
            autoComplete="email"
            error={fieldErrorText(t, errors.email)}
            {...form.register('email')}
          />
          <Button type="submit" isBlock isLoading={isSubmitting}>
            {t('ui.find.passwordSubmit')}
          </Button>
        </form>
      )}
      <div className="auth-card__links">
        <Link to="/login">{t('ui.find.backToLogin')}</Link>
      </div>
    </AuthShell>
  );
}
