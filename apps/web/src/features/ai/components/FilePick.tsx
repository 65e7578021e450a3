import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatFileSize } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { aiUploadAccept, checkAiUpload, uploadProblemKey } from '../logic/upload-rules';

/**
 * Choose or drop the plan file. The type (by extension), the size and the project are checked here
 * before anything is sent; a refused file shows why and is not uploaded.
 */
export function FilePick({
  projectIdx,
  onUpload,
  serverError,
}: {
  projectIdx: number | null;
  onUpload: (file: File) => void;
  serverError: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isOver, setIsOver] = useState(false);

  function choose(next: File | undefined) {
    if (!next) return;
    const found = checkAiUpload(next, projectIdx);
    setProblem(found ? t(uploadProblemKey(found)) : null);
    setFile(found ? null : next);
  }
  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsOver(false);
    choose(event.dataTransfer.files[0]);
  }
  const error = problem ?? serverError;
  const noProject = checkAiUpload({ name: 'x.txt', size: 1 }, projectIdx) === 'noProject';

  return (
    <div className="ai-pick">
      <div
        className={`ai-drop${isOver ? ' ai-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={handleDrop}
        data-testid="ai-drop"
      >
        <p className="ai-drop__text">{t('ui.ai.timeline.drop')}</p>
        <label htmlFor={id} className="btn btn--outline btn--small btn--center ai-drop__choose">
          {t('ui.ai.timeline.choose')}
        </label>
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept={aiUploadAccept}
          disabled={noProject}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="ai-file"
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('ui.ai.timeline.types')}
        </p>
      </div>
      {noProject && (
        <p className="field__error" role="alert">
          {t('ui.ai.timeline.noProject')}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert" data-testid="ai-file-error">
          {error}
        </p>
      )}
      {file && (
        <div className="ai-pick__chosen">
          <p>{t('ui.ai.timeline.chosen', { name: file.name, size: formatFileSize(file.size, lang) })}</p>
          <Button size="medium" onClick={() => onUpload(file)} data-testid="ai-upload">
            {t('ui.ai.timeline.upload')}
          </Button>
        </div>
      )}
    </div>
  );
}
