import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inviteRequest, projectRoles, type Invitation } from '@teamline/contract';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageSpinner } from '../../../app/RootLayout';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { Form, FormField, FormText } from '../../../components/ui/Form';
import { errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { settingsApi } from '../api/settings-api';

/** The invitation form checks the address on its field before anything is sent (same rule as the server). */
const inviteForm = inviteRequest.omit({ projectIdx: true });
type InviteForm = z.input<typeof inviteForm>;

export function InvitationsSection({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['settings', projectIdx, 'invitations'];
  const query = useQuery({ queryKey: key, queryFn: () => settingsApi.invitations(projectIdx) });
  const form = useZodForm(inviteForm, { defaultValues: { email: '', role: 'depth2' } });
  const onInviteError = useServerError(form, { codeFields: { ALREADY_MEMBER: 'email' } });
  const onError = (error: unknown) => notify(t(`errors.${errorCodeOf(error)}`), 'error');
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const invite = useMutation({
    mutationFn: (values: InviteForm) =>
      settingsApi.invite({ projectIdx, email: values.email.trim(), role: values.role }),
    onSuccess: async (data) => {
      notify(t('ui.settings.invitations.sent', { email: data.email }), 'success');
      form.reset({ email: '', role: form.getValues('role') });
      await refresh();
    },
    onError: (error) => void onInviteError(error),
  });
  const resend = useMutation({
    mutationFn: settingsApi.resend,
    onSuccess: async () => {
      notify(t('ui.settings.invitations.resent'), 'success');
      await refresh();
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: settingsApi.revoke,
    onSuccess: async () => {
      notify(t('ui.settings.invitations.revoked'), 'success');
      await refresh();
    },
    onError,
  });

  async function handleRevoke(inv: Invitation) {
    try {
      await openAlert(t('ui.settings.invitations.confirmRevoke', { email: inv.email }), {
        isDanger: true,
        confirmText: t('ui.settings.invitations.revoke'),
      });
    } catch (error) {
      if (error instanceof AlertRejected) return;
      throw error;
    }
    revoke.mutate(inv.inviteIdx);
  }
  const email = useWatch({ control: form.control, name: 'email' });
  const date = (iso: string) => formatDate(iso, currentLanguage());

  return (
    <>
      <Form
        form={form}
        onSubmit={(values) => invite.mutate(values)}
        className="card"
        data-testid="settings-invite-form"
      >
        <h3>{t('ui.settings.invitations.title')}</h3>
        <div className="settings__inline">
          <FormText name="email" label={t('ui.settings.invitations.email')} type="email" autoComplete="off" />
          <FormField name="role" label={t('ui.settings.invitations.role')}>
            {(props) => (
              <select
                {...props}
                className="field__input"
                {...form.register('role')}
                data-testid="invite-role"
              >
                {projectRoles.map((r) => (
                  <option key={r} value={r}>
                    {t(`ui.settings.roles.${r}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button type="submit" size="medium" isLoading={invite.isPending} disabled={!email.trim()}>
            {t('ui.settings.invitations.send')}
          </Button>
        </div>
      </Form>
      <div className="card" data-testid="settings-invitations">
        <h3>{t('ui.settings.invitations.listTitle')}</h3>
        {query.isLoading && <PageSpinner />}
        {query.isError && (
          <p role="alert">
            {t(`errors.${errorCodeOf(query.error)}`)}{' '}
            <Button size="small" variant="ghost" onClick={() => void query.refetch()}>
              {t('ui.common.retry')}
            </Button>
          </p>
        )}
        {query.data?.length === 0 && <p className="settings__muted">{t('ui.settings.invitations.empty')}</p>}
        <ul className="settings__list">
          {query.data?.map((inv) => (
            <li key={inv.inviteIdx} className="settings__row">
              <div className="settings__who">
                <strong>{inv.email}</strong>
                <span className="settings__tag">{t(`ui.settings.roles.${inv.role}`)}</span>
                <span className={`settings__tag settings__tag--${inv.status}`}>
                  {t(`ui.settings.invitations.status.${inv.status}`)}
                </span>
                <span className="settings__muted settings__meta">
                  {t('ui.settings.invitations.invitedBy', { name: inv.inviterNickname })}
                  {inv.status === 'pending' &&
                    ` · ${t('ui.settings.invitations.expires', { date: date(inv.expiresAt) })}`}
                </span>
              </div>
              {(inv.status === 'pending' || inv.status === 'expired') && (
                <div className="settings__controls">
                  <Button
                    size="small"
                    variant="outline"
                    isLoading={resend.isPending && resend.variables === inv.inviteIdx}
                    onClick={() => resend.mutate(inv.inviteIdx)}
                  >
                    {t('ui.settings.invitations.resend')}
                  </Button>
                  <Button size="small" variant="danger" onClick={() => void handleRevoke(inv)}>
                    {t('ui.settings.invitations.revoke')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
