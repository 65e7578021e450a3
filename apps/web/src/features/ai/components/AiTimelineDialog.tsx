import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/Modal';
import { errorCodeOf } from '../../../lib/api-client';
import { planningKeys } from '../../../lib/planning/planning-api';
import { notify } from '../../../stores/toast-store';
import { aiApi } from '../api/ai-api';
import type { AiApplyRequest } from '@teamline/contract';
import { jobProblemKey, toEditable, type EditableDraft } from '../api/ai-types';
import { useAiJob, useCancelAiJob } from '../api/use-ai-job';
import { countWords } from '../logic/draft';
import { DraftReview } from './DraftReview';
import { FilePick } from './FilePick';
import { JobProgress } from './JobProgress';
import './ai.css';

type Step = { at: 'pick' } | { at: 'upload'; percent: number } | { at: 'job'; jobIdx: number };

/**
 * docs/product/documents-and-ai.md#ai-timeline: choose a PDF, Word, TXT or CSV plan, watch the job read it
 * (cancellable), review and correct the draft, apply it to the project's timeline in one go.
 */
export function AiTimelineDialog({
  projectIdx,
  onClose,
}: {
  projectIdx: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ at: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const [edited, setEdited] = useState<EditableDraft | null>(null);
  const upload = useRef<AbortController | null>(null);
  const jobIdx = step.at === 'job' ? step.jobIdx : null;
  const job = useAiJob(jobIdx);
  const cancel = useCancelAiJob(jobIdx);
  const applied = useRef(false);

  const apply = useMutation({
    mutationFn: (payload: AiApplyRequest) => aiApi.apply(jobIdx!, payload),
    onSuccess: async (result) => {
      notify(
        t(
          'ui.ai.timeline.applied',
          countWords(t, { milestones: result.milestoneIdxs.length, stories: result.storyIdxs.length }),
        ),
        'success',
      );
      await client.invalidateQueries({ queryKey: planningKeys.all(projectIdx ?? 0) });
      onClose();
    },
    onError: (failure) => {
      applied.current = false;
      notify(t(`errors.${errorCodeOf(failure)}`), 'error');
    },
  });

  // The job's outcome: a draft to review (edited in `edited`), or back to the file with the reason.
  const data = job.data;
  const problem = step.at === 'job' ? jobProblemKey(job) : null;
  const jobFailure = problem ? t(problem) : null;
  const draft = edited ?? (data?.state === 'done' && data.draft ? toEditable(data.draft) : null);
  useEffect(() => () => upload.current?.abort(), []);

  async function handleUpload(file: File) {
    if (projectIdx == null) return;
    setError(null);
    setEdited(null);
    setStep({ at: 'upload', percent: 0 });
    const controller = new AbortController();
    upload.current = controller;
    try {
      const started = await aiApi.timelineFromFile(
        projectIdx,
        file,
        (percent) => setStep((s) => (s.at === 'upload' ? { at: 'upload', percent } : s)),
        controller.signal,
      );
      setStep({ at: 'job', jobIdx: started.jobIdx });
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setError(t(`errors.${errorCodeOf(failure)}`));
      setStep({ at: 'pick' });
    }
  }

  function handleApply(payload: AiApplyRequest) {
    // A second click (or Enter) while the first is on its way sends nothing.
    if (applied.current || apply.isPending) return;
    applied.current = true;
    apply.mutate(payload);
  }

  function restart() {
    setEdited(null);
    setError(null);
    setStep({ at: 'pick' });
  }

  return (
    <Modal title={t('ui.ai.timeline.title')} isOpen onClose={onClose} isZoomable>
      <div className="ai-dialog" data-testid="ai-timeline-dialog">
        {(step.at === 'pick' || jobFailure) && (
          <FilePick
            projectIdx={projectIdx}
            onUpload={(file) => void handleUpload(file)}
            serverError={jobFailure ?? error}
          />
        )}
        {step.at === 'upload' && (
          <div className="ai-progress">
            <p role="status">{t('ui.ai.timeline.uploading', { percent: step.percent })}</p>
            <progress
              className="ai-progress__bar"
              max={100}
              value={step.percent}
              aria-label={t('ui.ai.timeline.uploadLabel')}
            />
          </div>
        )}
        {step.at === 'job' && !jobFailure && !draft && (
          <JobProgress job={job.data} onCancel={() => cancel.mutate()} isCancelling={cancel.isPending} />
        )}
        {step.at === 'job' && !jobFailure && draft && (
          <>
            <h3 className="ai-review__title">{t('ui.ai.timeline.review')}</h3>
            <DraftReview
              draft={draft}
              onChange={setEdited}
              onApply={handleApply}
              isApplying={apply.isPending}
              onRestart={restart}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
