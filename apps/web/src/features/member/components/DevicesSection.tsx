import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberSession } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { sessionApi, sessionKeys } from '../api/session-api';
import './devices.css';

/**
 * Profile › Signed-in devices: every session of the account (browser, system, address, last use),
 * this one marked; sign out one, or all others after a confirmation.
 */
export function DevicesSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: sessionKeys.list, queryFn: sessionApi.list });
  const onError = (error: unknown) => notify(t(`errors.${errorCodeOf(error)}`), 'error');
  const refresh = () => client.invalidateQueries({ queryKey: sessionKeys.list });
  const signOut = useMutation({
    mutationFn: (sessionId: string) => sessionApi.signOut(sessionId),
    onSuccess: () => notify(t('ui.devices.signedOut'), 'success'),
    onError,
    onSettled: refresh,
  });
  const signOutOthers = useMutation({
    mutationFn: () => sessionApi.signOutOthers(),
    onSuccess: ({ count }) => notify(t('ui.devices.signedOutOthers', { count }), 'success'),
    onError,
    onSettled: refresh,
  });

  async function confirmSignOutOthers() {
    try {
      await openAlert(t('ui.devices.signOutOthersConfirm'), {
        confirmText: t('ui.devices.signOutOthers'),
        isDanger: true,
      });
    } catch (error) {
      if (error instanceof AlertRejected) return;
      throw error;
    }
    signOutOthers.mutate();
  }

  // This device first, then the others by latest use (the server's order).
  const sessions = [...(query.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((s) => !s.current);

  return (
    <section className="card section devices" aria-labelledby="devices-section" data-testid="devices-section">
      <h3 id="devices-section" className="section__title">
        {t('ui.devices.heading')}
      </h3>
      <p className="muted">{t('ui.devices.intro')}</p>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('ui.devices.loading')}
        </p>
      ) : query.isError ? (
        <div role="alert">
          <p>{t('ui.devices.error')}</p>
          <Button size="medium" variant="outline" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ul className="device-list">
            {sessions.map((session) => (
              <DeviceRow
                key={session.sessionId}
                session={session}
                isSigningOut={signOut.isPending && signOut.variables === session.sessionId}
                onSignOut={() => signOut.mutate(session.sessionId)}
              />
            ))}
          </ul>
          <div className="devices__actions">
            {others.length === 0 ? (
              <p className="muted" data-testid="devices-empty">
                {t('ui.devices.empty')}
              </p>
            ) : (
              <Button
                variant="danger"
                size="medium"
                isLoading={signOutOthers.isPending}
                onClick={() => void confirmSignOutOthers()}
                data-testid="devices-sign-out-others"
              >
                {t('ui.devices.signOutOthers')}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function DeviceRow({
  session,
  isSigningOut,
  onSignOut,
}: {
  session: MemberSession;
  isSigningOut: boolean;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = t('ui.devices.device', {
    browser: session.browser ?? t('ui.devices.unknownBrowser'),
    os: session.os ?? t('ui.devices.unknownOs'),
  });
  return (
    <li className="device-row" data-testid="device-row" data-current={session.current || undefined}>
      <div className="device-row__main">
        <p className="device-row__name">
          <span>{name}</span>
          {session.current && <span className="pill pill--done">{t('ui.devices.thisDevice')}</span>}
        </p>
        <p className="device-row__meta muted">
          {session.ip ? t('ui.devices.address', { ip: session.ip }) : t('ui.devices.unknownAddress')}
          {' · '}
          {t('ui.devices.lastUsed', { time: formatDateTime(session.lastUsedAt, lang) })}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="small"
          isLoading={isSigningOut}
          onClick={onSignOut}
          aria-label={t('ui.devices.signOutLabel', { device: name })}
        >
          {t('ui.devices.signOut')}
        </Button>
      )}
    </li>
  );
}
