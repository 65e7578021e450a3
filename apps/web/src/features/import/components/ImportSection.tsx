import {
  IMPORT_MAX_BYTES,
  importFields,
  importSources,
  storyStatuses,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportRequest,
  type ImportSource,
  type ImportStatusMap,
  type StoryStatus,
} from '@teamline/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { openAlert } from '../../../components/ui/alert-store';
import { errorCodeOf } from '../../../lib/api-client';
import { notify } from '../../../stores/toast-store';
import { importApi } from '../api/import-api';
import { useImportRun } from '../hooks/use-import-run';
import './import.css';

const accepts: Record<ImportSource, string> = {
  jira: '.csv,text/csv',
  csv: '.csv,text/csv',
  trello: '.json,application/json',
  github: '',
};

/** The file as UTF-8 text (FileReader: also where `File.text` is missing). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });

/**
 * Settings › Import (docs/product/import.md): pick a source and a file (or, for GitHub Issues, a
 * repository of the project's GitHub connection), map the columns (CSV), read the preview (counts,
 * status map, people, problems), import with a progress bar, then open the timeline or undo.
 */
export function ImportSection({
  projectIdx,
  canInvite = false,
  canUseGithub = false,
}: {
  projectIdx: number;
  canInvite?: boolean;
  /** github.manage: importing from GitHub spends the project's GitHub token (admins). */
  canUseGithub?: boolean;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<ImportSource>('jira');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | undefined>(undefined);
  const [statusMap, setStatusMap] = useState<ImportStatusMap>({});
  const [importIdx, setImportIdx] = useState<number | null>(null);
  const [repo, setRepo] = useState<string | null>(null);
  const ids = useId();
  const isGithub = source === 'github';

  const request = (over: Partial<ImportRequest> = {}): ImportRequest => ({
    source,
    fileName: file?.name ?? '',
    text: file?.text ?? '',
    mapping: source === 'csv' ? mapping : undefined,
    ...(isGithub && repo ? { repo } : {}),
    statusMap,
    ...over,
  });
  const preview = useMutation({
    mutationFn: (body: ImportRequest) => importApi.preview(projectIdx, body),
    onSuccess: (data) => {
      setMapping(data.mapping);
      setStatusMap(data.statusMap);
    },
  });
  const start = useMutation({
    mutationFn: () => importApi.start(projectIdx, request()),
    onSuccess: (data) => setImportIdx(data.importIdx),
  });
  const reset = () => {
    setFile(null);
    setMapping(undefined);
    setStatusMap({});
    setImportIdx(null);
    preview.reset();
    start.reset();
  };

  async function choose(chosen: File | undefined) {
    reset();
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFileError(t('errors.IMPORT_FILE_TOO_LARGE'));
      return;
    }
    const text = await readText(chosen);
    setFile({ name: chosen.name, text });
    preview.mutate({ source, fileName: chosen.name, text });
  }

  if (importIdx !== null)
    return (
      <div className="card import-card" data-testid="import-section">
        <h3>{t('ui.import.title')}</h3>
        <ImportProgress projectIdx={projectIdx} importIdx={importIdx} onAgain={reset} />
      </div>
    );

  return (
    <div className="card import-card" data-testid="import-section">
      <h3>{t('ui.import.title')}</h3>
      <p className="import-card__intro">{t('ui.import.intro')}</p>
      <div className="import-pick">
        <label htmlFor={`${ids}-source`}>{t('ui.import.source')}</label>
        <select
          id={`${ids}-source`}
          value={source}
          data-testid="import-source"
          onChange={(e) => {
            reset();
            setSource(e.target.value as ImportSource);
          }}
        >
          {importSources.map((s) => (
            <option key={s} value={s}>
              {t(`ui.import.sources.${s}`)}
            </option>
          ))}
        </select>
        {!isGithub && (
          <>
            <label htmlFor={`${ids}-file`}>{t('ui.import.file')}</label>
            <input
              id={`${ids}-file`}
              type="file"
              accept={accepts[source]}
              data-testid="import-file"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </>
        )}
      </div>
      {isGithub && (
        <GithubPick
          projectIdx={projectIdx}
          canUseGithub={canUseGithub}
          repo={repo}
          busy={preview.isPending}
          onRepo={(next) => {
            reset();
            setRepo(next);
          }}
          onPreview={(chosen) => {
            // The import then starts from the repository previewed, chosen or offered first.
            setRepo(chosen);
            preview.mutate({ source: 'github', fileName: '', text: '', repo: chosen });
          }}
        />
      )}
      {fileError && (
        <p className="import-error" role="alert">
          {fileError}
        </p>
      )}
      {preview.isPending && (
        <p aria-live="polite">{t(isGithub ? 'ui.import.readingGithub' : 'ui.import.reading')}</p>
      )}
      {preview.isError && (
        <p className="import-error" role="alert" data-testid="import-error">
          {t(`errors.${errorCodeOf(preview.error)}`)}
        </p>
      )}
      {source === 'csv' && file && preview.data && (
        <MappingStep
          columns={preview.data.columns}
          mapping={mapping ?? {}}
          onChange={(next) => {
            setMapping(next);
            preview.mutate(request({ mapping: next }));
          }}
        />
      )}
      {preview.data && !preview.isError && (
        <PreviewView
          preview={preview.data}
          invite={canInvite ? (email) => importApi.invite(projectIdx, email) : undefined}
          statusMap={statusMap}
          onStatus={(from, to) => setStatusMap({ ...statusMap, [from]: to })}
        />
      )}
      {preview.data && !preview.isError && (
        <div className="import-actions">
          {start.isError && (
            <p className="import-error" role="alert">
              {t(`errors.${errorCodeOf(start.error)}`)}
            </p>
          )}
          <Button
            size="medium"
            data-testid="import-start"
            disabled={preview.data.counts.stories === 0 && preview.data.counts.epics === 0}
            isLoading={start.isPending}
            onClick={() => start.mutate()}
          >
            {preview.data.counts.stories === 0 && preview.data.counts.epics === 0
              ? t('ui.import.nothingNew')
              : t('ui.import.start', { count: preview.data.counts.stories })}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The `github` source (docs/product/import.md#github): the repository, from those the project's
 * GitHub connection reaches, the connected one first; without a connection, where to make one.
 */
function GithubPick({
  projectIdx,
  canUseGithub,
  repo,
  busy,
  onRepo,
  onPreview,
}: {
  projectIdx: number;
  canUseGithub: boolean;
  repo: string | null;
  busy: boolean;
  onRepo: (repo: string) => void;
  onPreview: (repo: string) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  // The GitHub tab's key: connecting or disconnecting there refreshes this; opening the page asks anew.
  const status = useQuery({
    queryKey: ['github', projectIdx],
    queryFn: () => importApi.github(projectIdx),
    enabled: canUseGithub,
    refetchOnMount: 'always',
  });
  const connection = status.data?.connection ?? null;
  const usable = connection?.status === 'ACTIVE';
  const repos = useQuery({
    queryKey: ['github', projectIdx, 'import-repos'],
    queryFn: () => importApi.githubRepos(projectIdx),
    enabled: canUseGithub && usable,
  });
  if (!canUseGithub)
    return (
      <p className="import-warning" data-testid="import-github-admin">
        {t('ui.import.githubAdminOnly')}
      </p>
    );
  if (status.isPending) return <p aria-live="polite">{t('ui.common.loading')}</p>;
  if (status.isError)
    return (
      <p className="import-error" role="alert">
        {t(`errors.${errorCodeOf(status.error)}`)}
      </p>
    );
  if (!connection || !usable)
    return (
      <div className="import-github" data-testid="import-github-missing">
        <p className="import-error" role="alert">
          {t(connection ? 'errors.GITHUB_CONNECTION_REMOVED' : 'errors.GITHUB_NOT_CONNECTED')}
        </p>
        <Link className="btn btn--outline btn--medium" to={`/setting?idx=${projectIdx}&tab=github`}>
          {t('ui.import.githubSettings')}
        </Link>
      </div>
    );
  // The connected repository first, then the others the account reaches.
  const names = [
    ...new Set([
      ...(connection.repo ? [connection.repo] : []),
      ...(repos.data?.repos ?? []).map((r) => r.fullName),
    ]),
  ];
  const chosen = repo ?? names[0] ?? null;
  return (
    <div className="import-github" data-testid="import-github">
      <p className="import-card__hint">{t('ui.import.githubHint')}</p>
      <div className="import-pick">
        <label htmlFor={`${ids}-repo`}>{t('ui.import.repository')}</label>
        <select
          id={`${ids}-repo`}
          value={chosen ?? ''}
          data-testid="import-repo"
          onChange={(e) => onRepo(e.target.value)}
        >
          {names.map((name) => (
            <option key={name} value={name}>
              {name === connection.repo ? t('ui.import.repositoryConnected', { repo: name }) : name}
            </option>
          ))}
        </select>
        <Button
          size="medium"
          data-testid="import-github-preview"
          disabled={!chosen}
          isLoading={busy}
          onClick={() => chosen && onPreview(chosen)}
        >
          {t('ui.import.previewButton')}
        </Button>
      </div>
      {repos.isError && (
        <p className="import-error" role="alert">
          {t(`errors.${errorCodeOf(repos.error)}`)}
        </p>
      )}
    </div>
  );
}

function MappingStep({
  columns,
  mapping,
  onChange,
}: {
  columns: string[];
  mapping: ImportMapping;
  onChange: (next: ImportMapping) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  return (
    <fieldset className="import-mapping" data-testid="import-mapping">
      <legend>{t('ui.import.mapping')}</legend>
      <p className="import-card__hint">{t('ui.import.mappingHint')}</p>
      {columns.map((column, i) => (
        <div key={column} className="import-mapping__row">
          <label htmlFor={`${ids}-${i}`}>{column}</label>
          <select
            id={`${ids}-${i}`}
            value={mapping[column] ?? ''}
            onChange={(e) => {
              const next = { ...mapping };
              if (e.target.value) next[column] = e.target.value as ImportField;
              else delete next[column];
              onChange(next);
            }}
          >
            <option value="">{t('ui.import.notMapped')}</option>
            {importFields.map((f) => (
              <option key={f} value={f}>
                {t(`ui.import.fields.${f}`)}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  );
}

/** The preview: counts, the status map (editable), people and problems. Exported for its test. */
export function PreviewView({
  preview,
  statusMap,
  onStatus,
  invite,
}: {
  preview: ImportPreview;
  /** Offered for unmatched e-mail addresses when the caller may invite. */
  invite?: (email: string) => Promise<unknown>;
  statusMap: ImportStatusMap;
  onStatus: (from: string, to: StoryStatus) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const counts = ['stories', 'epics', 'milestones', 'comments', 'alreadyImported'] as const;
  const statuses = Object.keys(preview.statusMap);
  const { matched, unmatched } = preview.people;
  return (
    <div className="import-preview" data-testid="import-preview">
      <h4>{t('ui.import.preview')}</h4>
      <dl className="import-counts">
        {counts.map((c) => (
          <div key={c} className="import-counts__item" data-testid={`import-count-${c}`}>
            <dt>{t(`ui.import.counts.${c}`)}</dt>
            <dd>{preview.counts[c]}</dd>
          </div>
        ))}
      </dl>
      {statuses.length > 0 && (
        <table className="import-status">
          <caption>{t('ui.import.statusMap')}</caption>
          <thead>
            <tr>
              <th scope="col">
                {t(preview.source === 'github' ? 'ui.import.statusFromGithub' : 'ui.import.statusFrom')}
              </th>
              <th scope="col">{t('ui.import.statusTo')}</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((s, i) => (
              <tr key={s}>
                <th scope="row">
                  <label htmlFor={`${ids}-status-${i}`}>{s}</label>
                </th>
                <td>
                  <select
                    id={`${ids}-status-${i}`}
                    value={statusMap[s] ?? preview.statusMap[s]}
                    onChange={(e) => onStatus(s, e.target.value as StoryStatus)}
                  >
                    {storyStatuses.map((st) => (
                      <option key={st} value={st}>
                        {t(`ui.status.${st}`)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h4>{t('ui.import.people')}</h4>
      {matched.length === 0 && unmatched.length === 0 ? (
        <p>{t('ui.import.noPeople')}</p>
      ) : (
        <>
          <ul className="import-people">
            {matched.map((p) => (
              <li key={p.name}>{t('ui.import.matched', { name: p.name, nickname: p.nickname })}</li>
            ))}
          </ul>
          {unmatched.length > 0 ? (
            <>
              <p className="import-warning" data-testid="import-unmatched">
                {t('ui.import.unmatched', { names: unmatched.join(', ') })}
              </p>
              {invite && <InviteList emails={unmatched.filter((n) => n.includes('@'))} invite={invite} />}
            </>
          ) : (
            <p>{t('ui.import.allMatched')}</p>
          )}
        </>
      )}
      <h4>{t('ui.import.problems')}</h4>
      {preview.problems.length === 0 ? (
        <p>{t('ui.import.noProblems')}</p>
      ) : (
        <ul className="import-problems" data-testid="import-problems">
          {preview.problems.map((p) => (
            <li key={`${p.row}-${p.code}-${p.value}`}>
              <strong>
                {t(preview.source === 'github' ? 'ui.import.problemIssue' : 'ui.import.problemRow', {
                  row: p.row,
                })}
              </strong>{' '}
              {t(`ui.import.problemCodes.${p.code}`, { value: p.value })}
              {p.skipped && <span className="import-problems__skipped"> ({t('ui.import.skipped')})</span>}
            </li>
          ))}
          {preview.moreProblems > 0 && (
            <li>{t('ui.import.moreProblems', { count: preview.moreProblems })}</li>
          )}
        </ul>
      )}
    </div>
  );
}

function InviteList({ emails, invite }: { emails: string[]; invite: (email: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<Record<string, 'sending' | 'sent' | 'failed'>>({});
  if (emails.length === 0) return null;
  const send = (email: string) => {
    setSent((s) => ({ ...s, [email]: 'sending' }));
    invite(email).then(
      () => setSent((s) => ({ ...s, [email]: 'sent' })),
      () => setSent((s) => ({ ...s, [email]: 'failed' })),
    );
  };
  return (
    <ul className="import-invites" data-testid="import-invites">
      {emails.map((email) => (
        <li key={email}>
          <span>{email}</span>
          {sent[email] === 'sent' ? (
            <span>{t('ui.import.invited')}</span>
          ) : (
            <Button
              size="small"
              variant="outline"
              isLoading={sent[email] === 'sending'}
              aria-label={t('ui.import.inviteOne', { email })}
              onClick={() => send(email)}
            >
              {t('ui.import.invite')}
            </Button>
          )}
          {sent[email] === 'failed' && <span className="import-error">{t('ui.import.inviteFailed')}</span>}
        </li>
      ))}
    </ul>
  );
}

function ImportProgress({
  projectIdx,
  importIdx,
  onAgain,
}: {
  projectIdx: number;
  importIdx: number;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const run = useImportRun(projectIdx, importIdx);
  const undo = useMutation({
    mutationFn: () => importApi.undo(importIdx),
    onSuccess: () => {
      notify(t('ui.import.undone'));
      void run.refetch();
    },
  });
  if (run.isError)
    return (
      <div className="state-card" role="alert">
        <p>{t(`errors.${errorCodeOf(run.error)}`)}</p>
        <Button size="medium" onClick={() => void run.refetch()}>
          {t('ui.common.retry')}
        </Button>
      </div>
    );
  const data = run.data;
  const { done, total } = data?.progress ?? { done: 0, total: 1 };
  const percent = total ? Math.round((done / total) * 100) : 100;
  if (!data || data.state === 'queued' || data.state === 'running')
    return (
      <div className="import-progress" data-testid="import-progress">
        {/* Before the run is read (or its first event comes) there is no total to show yet. */}
        <p aria-live="polite">{data ? t('ui.import.progress', { done, total }) : t('ui.import.starting')}</p>
        <div
          className="import-progress__bar"
          role="progressbar"
          aria-label={t('ui.import.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  const undoable = data.state === 'done' || data.state === 'failed';
  return (
    <div className="import-result" data-testid="import-result">
      {data.state === 'failed' && (
        <p className="import-error" role="alert">
          {t('ui.import.failed', { error: t(`errors.${data.errorCode ?? 'INTERNAL_ERROR'}`) })}
        </p>
      )}
      {data.state === 'undone' ? (
        <p>{t('ui.import.undone')}</p>
      ) : (
        <p aria-live="polite">{t('ui.import.done', data.counts)}</p>
      )}
      <div className="import-actions">
        {data.state !== 'undone' && (
          <Link className="btn btn--green btn--medium" to={`/timeline/${projectIdx}`}>
            {t('ui.import.openTimeline')}
          </Link>
        )}
        {undoable && (
          <Button
            size="medium"
            variant="danger"
            data-testid="import-undo"
            isLoading={undo.isPending}
            onClick={() =>
              void openAlert(t('ui.import.undoConfirm'), { isDanger: true })
                .then(() => undo.mutate())
                .catch(() => undefined)
            }
          >
            {t('ui.import.undo')}
          </Button>
        )}
        <Button size="medium" variant="outline" onClick={onAgain}>
          {t('ui.import.again')}
        </Button>
      </div>
      {undo.isError && (
        <p className="import-error" role="alert">
          {t(`errors.${errorCodeOf(undo.error)}`)}
        </p>
      )}
    </div>
  );
}
