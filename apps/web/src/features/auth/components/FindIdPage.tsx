import { zodResolver } from '@hookform/resolvers/zod';
import { findIdRequest } from '@teamline/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/TextInput';
import { errorCodeOf } from '../../../lib/api-client';
import { fieldErrorText } from '../../../lib/form';
import { notify } from '../../../stores/toast-store';
import { authApi } from '../api/auth-api';
import { AuthShell } from './AuthShell';
import { FindTabs } from './FindTabs';

type FindIdForm = z.input<typeof findIdRequest>;

export function FindIdPage() {
  const { t } = useTranslation();
  const [found, setFound] = useState<string | null>(null);
  const form = useForm<FindIdForm>({
    resolver: zodResolver(findIdRequest),
    defaultValues: { name: '', phone: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function handleFind(values: FindIdForm) {
    try {
      const result = await authApi.findId(values.name.trim(), values.phone.trim());
      setFound(result.email);
    } catch (error) {
      setFound(null);
      notify(t(`errors.${errorCodeOf(error)}`), 'error');
    }
  }

  return (
    <AuthShell title={t('ui.find.idTitle')} subtitle={t('ui.find.idSubtitle')}>
      <FindTabs />
      <form className="form" onSubmit={form.handleSubmit(handleFind)} noValidate>
        <TextInput
          label={t('ui.find.name')}
          maxLength={15}
          autoComplete="name"
          error={fieldErrorText(t, errors.name)}
          {...form.register('name')}
        />
        <TextInput
          label={t('ui.find.phone')}
          isNumberOnly
          type="tel"
          autoComplete="tel"
          error={fieldErrorText(t, errors.phone)}
          {...form.register('phone')}
        />
        <Button type="submit" isBlock isLoading={isSubmitting}>
          {t('ui.find.idSubmit')}
        </Button>
      </form>
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
