import { email } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../stores/toast-store';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../../../components/AuthShell';

const schema = z.object({ email });
type MailForm = z.input<typeof schema>;

export function MailformPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // An invitation's "Sign up" passes the invited address, so the invitee does not type it again.
  const [params] = useSearchParams();
  const form = useZodForm(schema, { defaultValues: { email: params.get('email') ?? '' } });
  const { isSubmitting } = form.formState;
  const onServerError = useServerError(form, {
    codeFields: { EMAIL_ALREADY_REGISTERED: 'email', INVALID_EMAIL: 'email' },
  });

  async function handleSend(values: MailForm) {
    const address = values.email.trim().toLowerCase();
    try {
      await authApi.sendEmail(address, 'join', currentLanguage());
      notify(t('ui.toast.emailSent'), 'success');
      setSentTo(address);
    } catch (error) {
      onServerError(error);
    }
  }

  if (sentTo) {
    return (
      <AuthShell title={t('ui.mailform.sentTitle')}>
        <p className="auth-card__message" role="status">
          {t('ui.mailform.sentBody', { email: sentTo })}
        </p>
        <Button variant="outline" isBlock onClick={() => setSentTo(null)}>
          {t('ui.mailform.resend')}
        </Button>
        <div className="auth-card__links">
          <Link to="/login">{t('ui.find.backToLogin')}</Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('ui.mailform.title')} subtitle={t('ui.mailform.subtitle')}>
      <Form form={form} onSubmit={handleSend} className="form">
        <FormText label={t('ui.mailform.email')} type="email" autoComplete="email" name="email" />
        <Button type="submit" isBlock isLoading={isSubmitting}>
          {t('ui.mailform.submit')}
        </Button>
      </Form>
      <div className="auth-card__links">
        <p>
          {t('ui.mailform.haveAccount')} <Link to="/login">{t('ui.mailform.login')}</Link>
        </p>
      </div>
    </AuthShell>
  );
}
