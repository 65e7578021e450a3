import { githubSettingsRequest, type GithubConnection, type GithubSettingsRequest } from '@teamline/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/TextInput';
import { errorCodeOf } from '../../../lib/api-client';
import { notify } from '../../../stores/toast-store';
import { githubApi } from '../api/github-api';
import { useBranches, useGithubChange } from '../api/use-github';
import { RepoPicker } from './RepoPicker';

type FieldErrors = Partial<Record<'repo' | 'branch' | 'projectKey', string>>;

/** The repository, its branch (the default one preselected) and the project key; saving starts the backfill. */
export function RepoSettingsForm({ connection }: { connection: GithubConnection }) {
  const { t } = useTranslation();
  const { projectIdx } = connection;
  const [repo, setRepo] = useState<string | null>(connection.repo);
  const [picked, setBranch] = useState(connection.branch ?? '');
  const [key, setKey] = useState(connection.projectKey ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const branches = useBranches(projectIdx, repo);
  const branchId = useId();
  const save = useGithubChange(projectIdx, (body: GithubSettingsRequest) => githubApi.save(body));

  // The saved branch, or the chosen repository's default, is preselected once its branches are in.
  const list = branches.data?.branches;
  const branch = !list || list.includes(picked) ? picked : (list[0] ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = githubSettingsRequest.safeParse({ projectIdx, repo: repo ?? '', branch, projectKey: key });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        // `maxLength` has no text in the contract's validation texts: the generic one then.
        next[field] ??= t(`validation.${issue.message}`, { defaultValue: t('validation.invalid') });
      }
      return setErrors(next);
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify(t('ui.github.settings.saved'), 'success'),
      onError: (e) => notify(t(`errors.${errorCodeOf(e)}`), 'error'),
    });
  };

  return (
    <form className="github-settings" onSubmit={submit} noValidate data-testid="github-settings">
      <h4>{t('ui.github.settings.title')}</h4>
      <fieldset className="github-fieldset">
        <legend className="field__label">
          {t('ui.github.settings.repo')}
          {repo && <strong className="github-settings__chosen"> · {repo}</strong>}
        </legend>
        <RepoPicker
          projectIdx={projectIdx}
          value={repo}
          onChange={(r) => {
            setRepo(r.fullName);
            setBranch(r.defaultBranch);
          }}
        />
        {errors.repo && (
          <p className="field__error" role="alert">
            {errors.repo}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={branchId}>
          {t('ui.github.settings.branch')}
        </label>
        <select
          id={branchId}
          className="field__input"
          value={branch}
          disabled={!repo || branches.isLoading}
          onChange={(e) => setBranch(e.target.value)}
          data-testid="github-branch"
        >
          {!repo && <option value="">{t('ui.github.settings.branchChoose')}</option>}
          {repo && branches.isLoading && (
            <option value={branch}>{t('ui.github.settings.branchLoading')}</option>
          )}
          {(list ?? []).map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        {branches.isError && (
          <p className="field__error" role="alert">
            {t(`errors.${errorCodeOf(branches.error)}`)}
          </p>
        )}
        {errors.branch && (
          <p className="field__error" role="alert">
            {errors.branch}
          </p>
        )}
      </div>
      <TextInput
        label={t('ui.github.settings.key')}
        hint={t('ui.github.settings.keyHint')}
        value={key}
        maxLength={10}
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.projectKey}
        onChange={(e) => setKey(e.target.value.toUpperCase())}
        data-testid="github-key"
      />
      <Button type="submit" size="medium" isLoading={save.isPending} data-testid="github-save">
        {t('ui.github.settings.save')}
      </Button>
    </form>
  );
}
