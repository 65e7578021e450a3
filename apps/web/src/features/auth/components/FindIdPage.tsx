import { findIdRequest } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../../../components/AuthShell';
import { FindTabs } from './FindTabs';

type FindIdForm = z.input<typeof findIdRequest>;

export function FindIdPage() {
  const { t } = useTranslation();
  const [found, setFound] = useState<string | null>(null);
  const form = useZodForm(findIdRequest, { defaultValues: { name: '', phone: '' } });
  const { isSubmitting } = form.formState;
  const onServerError = useServerError(form);

  async function handleFind(values: FindIdForm) {
    try {
      const result = await authApi.findId(values.name.trim(), values.phone.trim());
      setFound(result.email);
    } catch (error) {
      setFound(null);
      onServerError(error);
    }
  }

  return (
    <AuthShell title={t('ui.find.idTitle')} subtitle={t('ui.find.idSubtitle')}>
      <FindTabs />
      <Form form={form} onSubmit={handleFind} className="form">
        <FormText label={t('ui.find.name')} maxLength={15} autoComplete="name" name="name" />
        <FormText label={t('ui.find.phone')} isNumberOnly type="tel" autoComplete="tel" name="phone" />
        <Button type="submit" isBlock isLoading={isSubmitting}>
          {t('ui.find.idSubmit')}
        </Button>
      </Form>
      {found && (
        <p className="result-box" role="status">
          {t('ui.find.idResult', { email: found })}
        </p>
      )}
      <div className="auth-card__links">
        <Link to="/login">{t('ui.find.backToLogin')}</Link>
      </div>
    </AuthShell>
  );
}
