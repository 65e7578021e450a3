import { githubSettingsRequest, type GithubConnection, type GithubSettingsRequest } from '@teamline/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Form, FormField, FormText, useFieldErrorText } from '../../../components/ui/Form';
import { errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { githubApi } from '../api/github-api';
import { useBranches, useGithubChange } from '../api/use-github';
import { RepoPicker } from './RepoPicker';

interface Values {
  repo: string;
  branch: string;
  projectKey: string;
}

/** The repository, its branch (the default one preselected) and the project key; saving starts the backfill. */
export function RepoSettingsForm({ connection }: { connection: GithubConnection }) {
  const { t } = useTranslation();
  const { projectIdx } = connection;
  const form = useZodForm(
    requestForm((v: Values) => ({ projectIdx, ...v }), githubSettingsRequest),
    {
      defaultValues: {
        repo: connection.repo ?? '',
        branch: connection.branch ?? '',
        projectKey: connection.projectKey ?? '',
      },
    },
  );
  const onServerError = useServerError(form);
  const save = useGithubChange(projectIdx, (body: GithubSettingsRequest) => githubApi.save(body));
  const repo = form.watch('repo');
  const branches = useBranches(projectIdx, repo || null);
  const list = branches.data?.branches;

  // Once the chosen repository's branches are in: the chosen one if it has it, else its first (set
  // again either way, so the select shows it now that its option exists).
  useEffect(() => {
    if (!list) return;
    const current = form.getValues('branch');
    form.setValue('branch', list.includes(current) ? current : (list[0] ?? ''));
  }, [list, form]);

  const submit = (request: GithubSettingsRequest) =>
    save.mutateAsync(request).then(() => notify(t('ui.github.settings.saved'), 'success'), onServerError);

  return (
    <Form form={form} onSubmit={submit} className="github-settings" data-testid="github-settings">
      <h4>{t('ui.github.settings.title')}</h4>
      <fieldset className="github-fieldset">
        <legend className="field__label">
          {t('ui.github.settings.repo')}
          {repo && <strong className="github-settings__chosen"> · {repo}</strong>}
        </legend>
        <RepoPicker
          projectIdx={projectIdx}
          value={repo || null}
          onChange={(r) => {
            form.setValue('repo', r.fullName, { shouldValidate: form.formState.isSubmitted });
            form.setValue('branch', r.defaultBranch);
          }}
        />
        <RepoError />
      </fieldset>
      <FormField<Values> name="branch" label={t('ui.github.settings.branch')}>
        {(props) => (
          <select
            {...props}
            className="field__input"
            disabled={!repo || branches.isLoading}
            {...form.register('branch')}
            data-testid="github-branch"
          >
            {!repo && <option value="">{t('ui.github.settings.branchChoose')}</option>}
            {repo && branches.isLoading && (
              <option value={form.getValues('branch')}>{t('ui.github.settings.branchLoading')}</option>
            )}
            {(list ?? []).map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {branches.isError && (
        <p className="field__error" role="alert">
          {t(`errors.${errorCodeOf(branches.error)}`)}
        </p>
      )}
      <FormText
        name="projectKey"
        label={t('ui.github.settings.key')}
        hint={t('ui.github.settings.keyHint')}
        maxLength={10}
        autoCapitalize="characters"
        spellCheck={false}
        data-testid="github-key"
      />
      <Button type="submit" size="medium" isLoading={save.isPending} data-testid="github-save">
        {t('ui.github.settings.save')}
      </Button>
    </Form>
  );
}

/** The repository's error, under the picker (it is a list of choices, not one control). */
function RepoError() {
  const error = useFieldErrorText('repo');
  return error ? (
    <p className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}
