import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/TextInput';
import { errorCodeOf } from '../../../lib/api-client';
import { notify } from '../../../stores/toast-store';
import { githubApi } from '../api/github-api';
import { useGithubChange } from '../api/use-github';

/**
 * Connect (or reconnect) the project: "Connect with GitHub" when the operator configured the OAuth
 * app, and a personal access token (scope `repo`) as the fallback.
 */
export function ConnectForm({ projectIdx, oauthAvailable }: { projectIdx: number; oauthAvailable: boolean }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const connect = useGithubChange(projectIdx, (value: string) => githubApi.connectToken(projectIdx, value));
  const oauth = useGithubChange(projectIdx, () => githubApi.startOauth(projectIdx));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) return setError(t('validation.required'));
    setError(undefined);
    connect.mutate(value, {
      onSuccess: () => {
        setToken('');
        notify(t('ui.github.connect.connected'), 'success');
      },
      onError: (e) => setError(t(`errors.${errorCodeOf(e)}`)),
    });
  };

  return (
    <div className="github-connect" data-testid="github-connect">
      {oauthAvailable && (
        <>
          <Button
            size="medium"
            isLoading={oauth.isPending}
            data-testid="github-oauth"
            onClick={() =>
              oauth.mutate(undefined, {
                onSuccess: ({ url }) => window.location.assign(url),
                onError: (e) => notify(t(`errors.${errorCodeOf(e)}`), 'error'),
              })
            }
          >
            {t('ui.github.connect.oauth')}
          </Button>
          <p className="github-muted">{t('ui.github.connect.or')}</p>
        </>
      )}
      <form className="github-connect__token" onSubmit={submit} noValidate>
        <TextInput
          label={t('ui.github.connect.token')}
          hint={t('ui.github.connect.tokenHint')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          maxLength={255}
          value={token}
          error={error}
          onChange={(e) => setToken(e.target.value)}
          data-testid="github-token"
        />
        <Button
          type="submit"
          size="medium"
          variant="outline"
          isLoading={connect.isPending}
          data-testid="github-token-submit"
        >
          {t('ui.github.connect.submit')}
        </Button>
      </form>
    </div>
  );
}
