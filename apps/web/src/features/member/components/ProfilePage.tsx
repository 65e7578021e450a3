import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  password,
  passwordMismatch,
  passwordsMatch,
  type Language,
  type MemberProfile,
} from '@teamline/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PageSpinner } from '../../../app/RootLayout';
import { useLogout } from '../../../app/use-logout';
import { meKey } from '../../../app/use-session';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { currentLanguage, i18next, setLanguage } from '../../../lib/i18n';
import { useProfileStore } from '../../../stores/profile-store';
import { notify } from '../../../stores/toast-store';
import { LanguageSelect } from '../../../components/ui/LanguageSelect';
import { memberApi } from '../../../lib/member-api';
import {
  profileDefaults,
  profileFormSchema,
  toProfileRequest,
  type ProfileFormValues,
} from '../../../components/profile/profile-form';
import { NewPasswordFields } from '../../../components/profile/NewPasswordFields';
import { ProfileFields } from '../../../components/profile/ProfileFields';
import { AvatarWithPopup } from '../../../app/profile/ProfileViewPopup';
import { NotificationSettings } from '../../../app/notification-settings';
import { MyDataSection } from '../../../app/my-data-sections';
import { storageUsageKey } from '../../../lib/storage-usage';
import { DevicesSection } from './DevicesSection';
import { TwoFactorSection } from '../../../app/two-factor-slots';
import { OwnAuditSection } from '../../../app/audit-sections';
import { AccessTokensSection } from '../../../app/access-token-section';
import { CalendarSection } from '../../../app/calendar-slots';

/** docs/product/accounts.md#profile: the profile form and the account settings. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfileStore((s) => s.profile);
  if (!profile) return <PageSpinner />;
  return (
    <div className="page page--narrow">
      <h2 className="page__title">{t('ui.profile.title')}</h2>
      <ProfileSection profile={profile} />
      <Suspense fallback={<PageSpinner />}>
        <NotificationSettings />
      </Suspense>
      <AccountSection profile={profile} />
      <Suspense fallback={<PageSpinner />}>
        <TwoFactorSection />
      </Suspense>
      <DevicesSection />
      <Suspense fallback={<PageSpinner />}>
        <AccessTokensSection />
      </Suspense>
      <Suspense fallback={<PageSpinner />}>
        <CalendarSection />
      </Suspense>
      <Suspense fallback={<PageSpinner />}>
        <OwnAuditSection />
      </Suspense>
      <Suspense fallback={<PageSpinner />}>
        <MyDataSection />
      </Suspense>
    </div>
  );
}

function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: memberApi.update,
    onSuccess: (updated) => {
      // A new or removed picture changes the storage used (the old one is deleted by the server).
      void queryClient.invalidateQueries({ queryKey: storageUsageKey });
      if (updated) {
        queryClient.setQueryData(meKey, updated);
        useProfileStore.getState().setProfile(updated);
      } else void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}

function ProfileSection({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const form = useZodForm(profileFormSchema, {
    defaultValues: profileDefaults(profile, currentLanguage()),
  });
  const onServerError = useServerError(form, { codeFields: { NICKNAME_TAKEN: 'nickname' } });
  const { reset } = form;
  useEffect(() => {
    reset(profileDefaults(profile, currentLanguage()));
  }, [profile, reset]);

  async function handleSave(values: ProfileFormValues) {
    try {
      // The language is saved by the account section's switcher, not by this form.
      const { lang: _lang, ...body } = toProfileRequest(values);
      await save.mutateAsync(body);
      notify(t('ui.toast.saved'), 'success');
    } catch (error) {
      onServerError(error);
    }
  }

  return (
    <section className="card section" aria-labelledby="profile-section">
      <h3 id="profile-section" className="section__title">
        {t('ui.profile.profileSection')}
      </h3>
      <div className="profile-preview">
        <AvatarWithPopup profile={{ ...profile, contactVisible: true }} size={56} />
        <div>
          <p className="profile-preview__nickname">{profile.nickname}</p>
          <p className="muted">{t('ui.profile.previewHint')}</p>
        </div>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('ui.profile.email')}</dt>
          <dd>{profile.email}</dd>
        </div>
        <div>
          <dt>{t('ui.profile.name')}</dt>
          <dd>{profile.name ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('ui.profile.phone')}</dt>
          <dd>{profile.phone ?? '—'}</dd>
        </div>
      </dl>
      <Form form={form} onSubmit={handleSave} className="form">
        <ProfileFields />
        <div className="form__actions">
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {t('ui.profile.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'required'), password, passwordConfirm: z.string() })
  .refine(passwordsMatch, passwordMismatch);
type ChangePasswordForm = z.input<typeof changePasswordSchema>;
const withdrawSchema = z.object({ password: z.string(), email: z.string() });
type WithdrawForm = z.input<typeof withdrawSchema>;

function AccountSection({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const logout = useLogout();
  const [lang, setLang] = useState<Language>(profile.lang);
  const passwordForm = useZodForm(changePasswordSchema, {
    defaultValues: { currentPassword: '', password: '', passwordConfirm: '' },
  });
  const onPasswordError = useServerError(passwordForm, {
    codeFields: { AUTH_INCORRECT_PASSWORD: 'currentPassword' },
  });
  const withdrawForm = useZodForm(withdrawSchema, { defaultValues: { password: '', email: '' } });
  const onWithdrawError = useServerError(withdrawForm, {
    codeFields: { AUTH_INCORRECT_PASSWORD: 'password', WITHDRAW_EMAIL_MISMATCH: 'email' },
  });
  // An account made through Google sign-in has no password: its e-mail address confirms instead.
  const confirmField = profile.hasPassword ? 'password' : 'email';

  async function handleLanguage(next: Language) {
    const previous = lang;
    setLang(next);
    // The language's texts load on demand: the toast waits for them as well as for the save.
    const switching = setLanguage(next);
    try {
      await save.mutateAsync({ lang: next });
      await switching;
      // i18next.t, not this render's `t`: the toast speaks the language just chosen.
      notify(i18next.t('ui.toast.saved'), 'success');
    } catch (error) {
      setLang(previous);
      await setLanguage(previous);
      notify(i18next.t(`errors.${errorCodeOf(error)}`), 'error');
    }
  }

  async function handleChangePassword(values: ChangePasswordForm) {
    try {
      await memberApi.changePassword(values.currentPassword, values.password);
      passwordForm.reset();
      notify(t('ui.toast.passwordChanged'), 'success');
    } catch (error) {
      onPasswordError(error);
    }
  }

  async function handleWithdraw(values: WithdrawForm) {
    if (!values[confirmField].trim()) {
      withdrawForm.setError(confirmField, { message: 'required' });
      return;
    }
    try {
      await openAlert(t('ui.profile.withdrawConfirm'), {
        confirmText: t('ui.profile.withdrawSubmit'),
        isDanger: true,
      });
    } catch (error) {
      if (error instanceof AlertRejected) return;
      throw error;
    }
    try {
      await memberApi.withdraw(
        profile.hasPassword ? { password: values.password } : { email: values.email.trim() },
      );
      await logout({ callServer: false });
      notify(t('ui.toast.accountDeleted'), 'success');
    } catch (error) {
      onWithdrawError(error);
    }
  }

  return (
    <section className="card section" aria-labelledby="account-section">
      <h3 id="account-section" className="section__title">
        {t('ui.profile.accountSection')}
      </h3>
      <div className="subsection">
        <LanguageSelect
          value={lang}
          onChange={(next) => void handleLanguage(next)}
          isDisabled={save.isPending}
        />
        <p className="field__hint">{t('ui.profile.languageHint')}</p>
      </div>

      {!profile.hasPassword && (
        <div className="subsection">
          <h4>{t('ui.profile.changePassword')}</h4>
          <p className="muted" data-testid="no-password">
            {t('ui.profile.noPassword')}
          </p>
        </div>
      )}
      {profile.hasPassword && (
        <Form
          form={passwordForm}
          onSubmit={handleChangePassword}
          className="form subsection"
          aria-labelledby="change-password"
        >
          <h4 id="change-password">{t('ui.profile.changePassword')}</h4>
          <input type="email" name="email" value={profile.email} autoComplete="username" readOnly hidden />
          <FormText
            label={t('ui.profile.currentPassword')}
            type="password"
            autoComplete="current-password"
            name="currentPassword"
          />
          <NewPasswordFields
            passwordLabel={t('ui.profile.newPassword')}
            confirmLabel={t('ui.profile.confirmPassword')}
          />
          <div className="form__actions">
            <Button type="submit" variant="outline" isLoading={passwordForm.formState.isSubmitting}>
              {t('ui.profile.changePasswordSubmit')}
            </Button>
          </div>
        </Form>
      )}

      <Form
        form={withdrawForm}
        onSubmit={handleWithdraw}
        className="form subsection subsection--danger"
        aria-labelledby="withdraw"
      >
        <h4 id="withdraw">{t('ui.profile.withdraw')}</h4>
        <p className="muted">{t('ui.profile.withdrawBody')}</p>
        <p className="muted">{t('ui.myData.withdrawKept')}</p>
        {profile.hasPassword ? (
          <FormText
            label={t('ui.profile.withdrawPassword')}
            type="password"
            autoComplete="current-password"
            name="password"
          />
        ) : (
          <FormText label={t('ui.profile.withdrawEmail')} type="email" autoComplete="off" name="email" />
        )}
        <div className="form__actions">
          <Button type="submit" variant="danger" isLoading={withdrawForm.formState.isSubmitting}>
            {t('ui.profile.withdrawSubmit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
