import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberExport } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate, formatFileSize } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { myDataApi, myDataKeys } from '../api/my-data-api';
import { StorageCard } from './StorageBar';
import './my-data.css';

/** While an archive is being made its state is asked for this often. */
const POLL_MS = 1500;

/** Profile › Storage and Download my data (issue 30). */
export function MyDataSection() {
  return (
    <>
      <StorageSection />
      <ExportSection />
    </>
  );
}

function StorageSection() {
  const { t } = useTranslation();
  const usage = useQuery({ queryKey: myDataKeys.usage(), queryFn: myDataApi.usage });
  return (
    <StorageCard
      id="storage-section"
      heading={t('ui.myData.storage.heading')}
      intro={t('ui.myData.storage.intro')}
      usage={usage}
      testId="member-storage"
    />
  );
}

const inProgress = (e: MemberExport | null | undefined) => e?.state === 'queued' || e?.state === 'running';

function ExportSection() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const status = useQuery({
    queryKey: myDataKeys.export(),
    queryFn: myDataApi.exportStatus,
    refetchInterval: (query) => (inProgress(query.state.data?.export) ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: myDataApi.startExport,
    onSuccess: (data) => {
      client.setQueryData(myDataKeys.export(), data);
      notify(t('ui.myData.export.started'), 'success');
    },
    onError: (error) => {
      notify(t(`errors.${errorCodeOf(error)}`), 'error');
      void status.refetch();
    },
  });
  const current = status.data?.export ?? null;

  let body;
  if (status.isLoading)
    body = (
      <p className="muted" role="status">
        {t('ui.myData.export.loading')}
      </p>
    );
  else if (status.isError)
    body = (
      <p className="muted" role="alert">
        {t('ui.myData.export.error')}
      </p>
    );
  else if (current && inProgress(current))
    body = (
      <div className="my-data__progress">
        <p role="status">
          {current.state === 'queued'
            ? t('ui.myData.export.queued')
            : t('ui.myData.export.running', { progress: current.progress })}
        </p>
        <progress
          className="my-data__bar"
          max={100}
          value={current.state === 'queued' ? undefined : current.progress}
          aria-label={t('ui.myData.export.progressLabel')}
          data-testid="export-progress"
        />
      </div>
    );
  else if (current?.state === 'ready' && current.downloadUrl)
    body = (
      <p role="status" className="my-data__ready">
        {t('ui.myData.export.ready', {
          size: formatFileSize(current.size ?? 0, lang),
          date: formatDate(current.expiresAt, lang),
        })}
      </p>
    );
  else
    body = (
      <p className="muted">
        {current?.state === 'failed'
          ? t('ui.myData.export.failed')
          : current?.state === 'expired'
            ? t('ui.myData.export.expired')
            : t('ui.myData.export.none')}
      </p>
    );

  return (
    <section className="card section" aria-labelledby="export-section" data-testid="my-data-export">
      <h3 id="export-section" className="section__title">
        {t('ui.myData.export.heading')}
      </h3>
      <p className="muted">{t('ui.myData.export.intro')}</p>
      {body}
      {!status.isLoading && !inProgress(current) && (
        <div className="my-data__actions">
          {current?.state === 'ready' && current.downloadUrl && (
            <a
              className="btn btn--green btn--medium"
              href={current.downloadUrl}
              download
              data-testid="export-download"
            >
              {t('ui.myData.export.download')}
            </a>
          )}
          <Button
            variant={current?.state === 'ready' ? 'outline' : 'green'}
            size="medium"
            isLoading={start.isPending}
            onClick={() => start.mutate()}
          >
            {current ? t('ui.myData.export.again') : t('ui.myData.export.start')}
          </Button>
        </div>
      )}
    </section>
  );
}
