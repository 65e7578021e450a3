import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationCategories,
  notificationKinds,
  type NotificationKind,
  type NotificationKindSetting,
  type NotificationSetting,
} from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { notify } from '../../../stores/toast-store';
import { notificationApi, notificationKeys } from '../api/notification-api';
import '../notification.css';

/**
 * Profile › Notifications: per kind, in the app and/or by e-mail, grouped by category, and the
 * daily digest option.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: notificationKeys.settings(), queryFn: notificationApi.settings });
  // The member's edits since the last load or save; until the first edit the saved choices show.
  const [edited, setDraft] = useState<NotificationSetting | null>(null);
  const draft = edited ?? query.data ?? null;
  const save = useMutation({
    mutationFn: notificationApi.saveSettings,
    onSuccess: (saved) => {
      client.setQueryData(notificationKeys.settings(), saved);
      setDraft(null);
      notify(t('ui.notification.settings.saved'), 'success');
    },
  });

  const set = (kind: string, channel: 'inApp' | 'email', value: boolean) =>
    setDraft((d) => {
      const base = d ?? query.data;
      return base
        ? { ...base, kinds: base.kinds.map((k) => (k.kind === kind ? { ...k, [channel]: value } : k)) }
        : null;
    });

  return (
    <section className="card section notification-settings" aria-labelledby="notification-section">
      <h3 id="notification-section" className="section__title">
        {t('ui.notification.settings.heading')}
      </h3>
      <p className="muted">{t('ui.notification.settings.intro')}</p>
      {!draft ? (
        <p className="muted">{query.isError ? t('ui.notification.error') : t('ui.notification.loading')}</p>
      ) : (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('ui.notification.settings.kind')}</th>
                <th scope="col" className="notification-settings__check">
                  {t('ui.notification.settings.inApp')}
                </th>
                <th scope="col" className="notification-settings__check">
                  {t('ui.notification.settings.email')}
                </th>
              </tr>
            </thead>
            {notificationCategories.map((category) => {
              const rows = draft.kinds.filter(
                (k: NotificationKindSetting) =>
                  notificationKinds[k.kind as NotificationKind]?.category === category,
              );
              if (rows.length === 0) return null;
              return (
                <tbody key={category}>
                  <tr className="notification-settings__category">
                    <th colSpan={3} scope="colgroup">
                      {t(`ui.notification.categories.${category}`)}
                    </th>
                  </tr>
                  {rows.map((row) => {
                    const label = t(`ui.notification.labels.${row.kind}`);
                    return (
                      <tr key={row.kind} data-testid={`notification-setting-${row.kind}`}>
                        <th scope="row">{label}</th>
                        <td className="notification-settings__check">
                          <input
                            type="checkbox"
                            aria-label={`${label}: ${t('ui.notification.settings.inApp')}`}
                            checked={row.inApp}
                            onChange={(e) => set(row.kind, 'inApp', e.target.checked)}
                          />
                        </td>
                        <td className="notification-settings__check">
                          <input
                            type="checkbox"
                            aria-label={`${label}: ${t('ui.notification.settings.email')}`}
                            checked={row.email}
                            onChange={(e) => set(row.kind, 'email', e.target.checked)}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              );
            })}
          </table>
          <label className="checkbox-row">
            <input
              type="checkbox"
              checked={draft.digest}
              onChange={(e) => setDraft({ ...draft, digest: e.target.checked })}
            />{' '}
            {t('ui.notification.settings.digest')}
          </label>
          <div className="form__actions">
            <Button
              type="button"
              onClick={() => save.mutate({ digest: draft.digest, kinds: draft.kinds })}
              disabled={save.isPending}
            >
              {t('ui.notification.settings.save')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
