import { email } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../../../components/AuthShell';
import { FindTabs } from './FindTabs';

const schema = z.object({ email });
type FindPasswordForm = z.input<typeof schema>;

export function FindPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(schema, { defaultValues: { email: '' } });
  const { isSubmitting } = form.formState;
  const onServerError = useServerError(form);

  async function handleSend(values: FindPasswordForm) {
    const address = values.email.trim().toLowerCase();
    try {
      await authApi.findPassword(address);
      notify(t('ui.toast.emailSent'), 'success');
      setSentTo(address);
    } catch (error) {
      onServerError(error);
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
        <Form form={form} onSubmit={handleSend} className="form">
          <FormText label={t('ui.find.email')} type="email" autoComplete="email" name="email" />
          <Button type="submit" isBlock isLoading={isSubmitting}>
            {t('ui.find.passwordSubmit')}
          </Button>
        </Form>
      )}
      <div className="auth-card__links">
        <Link to="/login">{t('ui.find.backToLogin')}</Link>
      </div>
    </AuthShell>
  );
}
