import { githubTokenRequest } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { githubApi } from '../api/github-api';
import { useGithubChange } from '../api/use-github';

const tokenForm = githubTokenRequest.pick({ token: true });

/**
 * Connect (or reconnect) the project: "Connect with GitHub" when the operator configured the OAuth
 * app, and a personal access token (scope `repo`) as the fallback.
 */
export function ConnectForm({ projectIdx, oauthAvailable }: { projectIdx: number; oauthAvailable: boolean }) {
  const { t } = useTranslation();
  const form = useZodForm(tokenForm, { defaultValues: { token: '' } });
  const onServerError = useServerError(form, { codeFields: { GITHUB_TOKEN_INVALID: 'token' } });
  const connect = useGithubChange(projectIdx, (value: string) => githubApi.connectToken(projectIdx, value));
  const oauth = useGithubChange(projectIdx, () => githubApi.startOauth(projectIdx));

  const submit = ({ token }: { token: string }) =>
    connect.mutateAsync(token).then(() => {
      form.reset();
      notify(t('ui.github.connect.connected'), 'success');
    }, onServerError);

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
      <Form form={form} onSubmit={submit} className="github-connect__token">
        <FormText
          name="token"
          label={t('ui.github.connect.token')}
          hint={t('ui.github.connect.tokenHint')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          maxLength={255}
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
      </Form>
    </div>
  );
}
