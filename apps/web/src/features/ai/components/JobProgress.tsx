import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { percentOf, type AiJob } from '../api/ai-types';

/** A running AI job: its state, a progress bar, and Cancel. */
export function JobProgress({
  job,
  onCancel,
  isCancelling,
}: {
  job: AiJob | undefined;
  onCancel: () => void;
  isCancelling: boolean;
}) {
  const { t } = useTranslation();
  const percent = job ? percentOf(job) : 0;
  const isQueued = !job || job.state === 'queued';
  return (
    <div className="ai-progress" data-testid="ai-job-progress">
      <p role="status">{isQueued ? t('ui.ai.job.queued') : t('ui.ai.job.running', { percent })}</p>
      <progress
        className="ai-progress__bar"
        max={100}
        value={isQueued ? undefined : percent}
        aria-label={t('ui.ai.job.progressLabel')}
      />
      <Button size="small" variant="outline" onClick={onCancel} isLoading={isCancelling}>
        {t('ui.ai.job.cancel')}
      </Button>
    </div>
  );
}
