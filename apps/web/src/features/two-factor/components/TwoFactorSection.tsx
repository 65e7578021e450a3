import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@teamline/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../stores/toast-store';
import { twoFactorApi, twoFactorKey } from '../api/two-factor-api';
import { AddPasskeyDialog } from './AddPasskeyDialog';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { TotpSetupDialog } from './TotpSetupDialog';
import '../two-factor.css';

/** Asks before a destructive change; false when the person cancelled. */
async function confirmed(text: string, confirmText: string): Promise<boolean> {
  try {
    await openAlert(text, { confirmText, isDanger: true });
    return true;
  } catch (error) {
    if (error instanceof AlertRejected) return false;
    throw error;
  }
}

/** The profile's "Two-factor sign-in": the authenticator app, passkeys and recovery codes. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: twoFactorKey, queryFn: twoFactorApi.status });
  const [params] = useSearchParams();
  const ref = useRef<HTMLElement>(null);
  // "Set up two-factor" from a project that requires it lands here.
  const isTarget = params.get('section') === 'two-factor';
  useEffect(() => {
    if (isTarget && query.data) ref.current?.scrollIntoView({ block: 'start' });
  }, [isTarget, query.data]);

  return (
    <section
      className="card section two-factor"
      aria-labelledby="two-factor-section"
      ref={ref}
      id="two-factor"
    >
      <h3 id="two-factor-section" className="section__title">
        {t('ui.twoFactor.sectionTitle')}
      </h3>
      <p className="muted">{t('ui.twoFactor.sectionIntro')}</p>
      {query.isLoading && <PageSpinner />}
      {query.isError && (
        <div className="state-card" role="alert">
          <p>{t('ui.twoFactor.loadFailed')}</p>
          <p className="muted">{t(`errors.${errorCodeOf(query.error)}`)}</p>
          <Button size="medium" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      )}
      {query.data && <Factors status={query.data} />}
    </section>
  );
}

function Factors({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'totp' | 'passkey' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKey });
  const date = (iso: string) => formatDate(iso, currentLanguage());
  const onError = (error: unknown) => notify(t(`errors.${errorCodeOf(error)}`), 'error');

  const removeTotp = useMutation({
    mutationFn: twoFactorApi.removeTotp,
    onSuccess: async () => {
      notify(t('ui.twoFactor.appRemoved'), 'success');
      await refresh();
    },
    onError,
  });
  const removePasskey = useMutation({
    mutationFn: twoFactorApi.removePasskey,
    onSuccess: async () => {
      notify(t('ui.twoFactor.passkeyRemoved'), 'success');
      await refresh();
    },
    onError,
  });
  const regenerate = useMutation({
    mutationFn: twoFactorApi.regenerateCodes,
    onSuccess: async (result) => {
      setCodes(result.recoveryCodes);
      await refresh();
    },
    onError,
  });
  const hasFactor = status.totp || status.passkeys.length > 0;

  return (
    <>
      <div className="subsection two-factor__row" data-testid="two-factor-app">
        <div>
          <h4>{t('ui.twoFactor.appTitle')}</h4>
          <p className={status.totp ? 'two-factor__on' : 'muted'}>
            {t(status.totp ? 'ui.twoFactor.appOn' : 'ui.twoFactor.appOff')}
          </p>
        </div>
        {status.totp ? (
          <Button
            variant="outline"
            size="small"
            isLoading={removeTotp.isPending}
            onClick={() =>
              void confirmed(t('ui.twoFactor.appRemoveConfirm'), t('ui.twoFactor.appRemove')).then(
                (ok) => ok && removeTotp.mutate(),
              )
            }
          >
            {t('ui.twoFactor.appRemove')}
          </Button>
        ) : (
          <Button size="small" onClick={() => setDialog('totp')} data-testid="totp-set-up">
            {t('ui.twoFactor.appSetUp')}
          </Button>
        )}
      </div>

      <div className="subsection" data-testid="two-factor-passkeys">
        <div className="two-factor__row">
          <h4>{t('ui.twoFactor.passkeysTitle')}</h4>
          <Button
            size="small"
            variant="outline"
            onClick={() => setDialog('passkey')}
            data-testid="passkey-add"
          >
            {t('ui.twoFactor.passkeyAdd')}
          </Button>
        </div>
        {status.passkeys.length === 0 ? (
          <p className="muted">{t('ui.twoFactor.passkeysEmpty')}</p>
        ) : (
          <ul className="two-factor__list">
            {status.passkeys.map((p) => (
              <li key={p.passkeyIdx} className="two-factor__row">
                <div>
                  <strong>{p.name}</strong>
                  <p className="muted">
                    {t('ui.twoFactor.passkeyCreated', { date: date(p.createdAt) })}
                    {p.lastUsedAt && ` · ${t('ui.twoFactor.passkeyUsed', { date: date(p.lastUsedAt) })}`}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="small"
                  aria-label={`${t('ui.twoFactor.passkeyRemove')} ${p.name}`}
                  isLoading={removePasskey.isPending && removePasskey.variables === p.passkeyIdx}
                  onClick={() =>
                    void confirmed(
                      t('ui.twoFactor.passkeyRemoveConfirm', { name: p.name }),
                      t('ui.twoFactor.passkeyRemove'),
                    ).then((ok) => ok && removePasskey.mutate(p.passkeyIdx))
                  }
                >
                  {t('ui.twoFactor.passkeyRemove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="subsection two-factor__row" data-testid="two-factor-recovery">
        <div>
          <h4>{t('ui.twoFactor.recoveryTitle')}</h4>
          <p className="muted">
            {hasFactor
              ? t('ui.twoFactor.recoveryLeft', { count: status.recoveryCodesLeft })
              : t('ui.twoFactor.recoveryNone')}
          </p>
        </div>
        {hasFactor && (
          <Button
            variant="outline"
            size="small"
            isLoading={regenerate.isPending}
            onClick={() =>
              void confirmed(
                t('ui.twoFactor.recoveryRegenerateConfirm'),
                t('ui.twoFactor.recoveryRegenerate'),
              ).then((ok) => ok && regenerate.mutate())
            }
          >
            {t('ui.twoFactor.recoveryRegenerate')}
          </Button>
        )}
      </div>

      {dialog === 'totp' && (
        <TotpSetupDialog
          onClose={() => setDialog(null)}
          onEnabled={(recoveryCodes) => {
            setDialog(null);
            notify(t('ui.twoFactor.setupDone'), 'success');
            if (recoveryCodes) setCodes(recoveryCodes);
            void refresh();
          }}
        />
      )}
      {dialog === 'passkey' && (
        <AddPasskeyDialog
          onClose={() => setDialog(null)}
          onAdded={({ recoveryCodes }) => {
            setDialog(null);
            notify(t('ui.twoFactor.passkeyAdded'), 'success');
            if (recoveryCodes) setCodes(recoveryCodes);
            void refresh();
          }}
        />
      )}
      {codes && <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />}
    </>
  );
}
