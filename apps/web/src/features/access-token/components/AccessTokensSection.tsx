import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessToken } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { accessTokenApi, accessTokenKeys } from '../api/access-token-api';
import { CreateTokenDialog } from './CreateTokenDialog';
import { NewTokenDialog } from './NewTokenDialog';
import './access-tokens.css';

/**
 * Profile › Access tokens (issue 34, docs/product/api.md#access-tokens): the member's personal access
 * tokens with their scopes, expiry and last use; create one (its secret shown once) or revoke one
 * after a confirmation.
 */
export function AccessTokensSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: accessTokenKeys.list, queryFn: accessTokenApi.list });
  const [isCreating, setIsCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  // "Expired" is judged against the page's opening; the list is refetched after every change.
  const [openedAt] = useState(() => Date.now());
  const refresh = () => client.invalidateQueries({ queryKey: accessTokenKeys.list });
  const revoke = useMutation({
    mutationFn: (tokenIdx: number) => accessTokenApi.revoke(tokenIdx),
    onSuccess: () => notify(t('ui.accessToken.revoked'), 'success'),
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
    onSettled: refresh,
  });

  async function confirmRevoke(token: AccessToken) {
    try {
      await openAlert(t('ui.accessToken.revokeConfirm', { name: token.name }), {
        confirmText: t('ui.accessToken.revoke'),
        isDanger: true,
      });
    } catch (error) {
      if (error instanceof AlertRejected) return;
      throw error;
    }
    revoke.mutate(token.tokenIdx);
  }

  return (
    <section
      className="card section access-tokens"
      aria-labelledby="access-tokens-section"
      data-testid="access-tokens-section"
    >
      <h3 id="access-tokens-section" className="section__title">
        {t('ui.accessToken.heading')}
      </h3>
      <p className="muted">
        {t('ui.accessToken.intro')}{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t('ui.accessToken.apiDocs')}
        </a>
      </p>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('ui.accessToken.loading')}
        </p>
      ) : query.isError ? (
        <div role="alert">
          <p>{t('ui.accessToken.error')}</p>
          <Button size="medium" variant="outline" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="muted" data-testid="access-tokens-empty">
          {t('ui.accessToken.empty')}
        </p>
      ) : (
        <ul className="token-list">
          {query.data.map((token) => (
            <TokenRow
              key={token.tokenIdx}
              token={token}
              isExpired={new Date(token.expiresAt).getTime() <= openedAt}
              isRevoking={revoke.isPending && revoke.variables === token.tokenIdx}
              onRevoke={() => void confirmRevoke(token)}
            />
          ))}
        </ul>
      )}
      <div className="access-tokens__actions">
        <Button size="medium" onClick={() => setIsCreating(true)} data-testid="access-token-create">
          {t('ui.accessToken.create')}
        </Button>
      </div>
      {isCreating && (
        <CreateTokenDialog
          onClose={() => setIsCreating(false)}
          onCreated={(created) => {
            setIsCreating(false);
            setSecret(created.secret);
            void refresh();
          }}
        />
      )}
      {secret && <NewTokenDialog secret={secret} onClose={() => setSecret(null)} />}
    </section>
  );
}

function TokenRow({
  token,
  isExpired,
  isRevoking,
  onRevoke,
}: {
  token: AccessToken;
  isExpired: boolean;
  isRevoking: boolean;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const time = (value: string) => formatDateTime(value, lang);
  const scopes = token.scopes.map((scope) => {
    const [area, access] = scope.split(':') as [string, string];
    return `${t(`ui.accessToken.areaShort.${area}`)} ${t(`ui.accessToken.${access}`)}`;
  });
  return (
    <li className="token-row" data-testid="access-token-row" data-expired={isExpired || undefined}>
      <div className="token-row__main">
        <p className="token-row__name">
          <span>{token.name}</span>
          <code className="muted">{token.hint}…</code>
        </p>
        <p className="token-row__meta muted">{scopes.join(' · ')}</p>
        <p className="token-row__meta muted">
          {t('ui.accessToken.created', { time: time(token.createdAt) })}
          {' · '}
          {isExpired
            ? t('ui.accessToken.expired', { time: time(token.expiresAt) })
            : t('ui.accessToken.expires', { time: time(token.expiresAt) })}
          {' · '}
          {!token.lastUsedAt
            ? t('ui.accessToken.neverUsed')
            : token.lastUsedIp
              ? t('ui.accessToken.lastUsed', { time: time(token.lastUsedAt), ip: token.lastUsedIp })
              : t('ui.accessToken.lastUsedNoAddress', { time: time(token.lastUsedAt) })}
        </p>
      </div>
      <Button
        variant="outline"
        size="small"
        isLoading={isRevoking}
        onClick={onRevoke}
        aria-label={t('ui.accessToken.revokeLabel', { name: token.name })}
      >
        {t('ui.accessToken.revoke')}
      </Button>
    </li>
  );
}
