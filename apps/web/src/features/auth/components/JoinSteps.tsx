import type { ReactNode } from 'react';
import type { FieldValues, Path, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ProfileFields } from '../../../components/profile/ProfileFields';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { touchAndTrigger } from '../../../lib/form';
import { setLanguage } from '../../../lib/i18n';

/**
 * The two steps of joining, shared by the e-mail join (`/join`) and the outside sign-in's
 * (`/oauth/pre`): the account (what `accountFirst` adds, then name and phone), then the profile.
 * Next checks the account fields before it moves on.
 */
export function JoinSteps<T extends FieldValues, O>({
  form,
  onSubmit,
  step,
  onStepChange,
  accountFields,
  accountFirst,
}: {
  form: UseFormReturn<T, unknown, O>;
  onSubmit: SubmitHandler<O>;
  step: 1 | 2;
  onStepChange: (step: 1 | 2) => void;
  /** The fields of the first step, checked by Next. */
  accountFields: readonly Path<T>[];
  /** Fields the first step shows before name and phone (the password of an e-mail join). */
  accountFirst?: ReactNode;
}) {
  const { t } = useTranslation();
  const { isSubmitting } = form.formState;
  async function handleNext() {
    if (await touchAndTrigger(form, accountFields)) onStepChange(2);
  }
  return (
    <>
      <p className="steps" aria-live="polite">
        <span className={step === 1 ? 'is-current' : ''}>1. {t('ui.join.accountStep')}</span>
        <span className={step === 2 ? 'is-current' : ''}>2. {t('ui.join.profileStep')}</span>
        <span className="visually-hidden">{t('ui.join.stepOf', { step })}</span>
      </p>
      <Form form={form} onSubmit={onSubmit} className="form">
        {step === 1 ? (
          <>
            {accountFirst}
            <FormText label={t('ui.join.name')} maxLength={15} autoComplete="name" name="name" />
            <FormText
              label={t('ui.join.phone')}
              isNumberOnly
              type="tel"
              autoComplete="tel"
              hint={t('ui.join.phoneHint')}
              name="phone"
            />
            <Button isBlock onClick={() => void handleNext()}>
              {t('ui.common.next')}
            </Button>
          </>
        ) : (
          <>
            <ProfileFields hasLanguage onLanguageChange={(lang) => void setLanguage(lang)} />
            <div className="form__actions">
              <Button variant="outline" onClick={() => onStepChange(1)}>
                {t('ui.common.back')}
              </Button>
              <Button type="submit" isLoading={isSubmitting}>
                {t('ui.join.submit')}
              </Button>
            </div>
          </>
        )}
      </Form>
    </>
  );
}
