import { REQUEST_FILES_MAX, UPLOAD_MAX_BYTES } from '@teamline/contract';
import { useId, useRef, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { requestApi } from '../api/request-api';

/** A picked file: uploading (`fileIdx` null) or stored in the project, ready to attach. */
export interface PickedFile {
  key: number;
  name: string;
  size: number;
  fileIdx: number | null;
}
export const isUploading = (files: PickedFile[]) => files.some((f) => f.fileIdx === null);
export const fileIdxsOf = (files: PickedFile[]) =>
  files.flatMap((f) => (f.fileIdx === null ? [] : [f.fileIdx]));

let nextKey = 1;

/**
 * Files for a request: each picked file is uploaded to the project at once (POST /file) and listed
 * with its state and a remove button; the form sends the `fileIdx` of those that arrived. Refusals
 * (size, type, quota) are shown with the error catalogue's text, the file left out.
 */
export function RequestFilePicker({
  projectIdx,
  files,
  onFilesChange,
  error,
}: {
  projectIdx: number;
  files: PickedFile[];
  onFilesChange: Dispatch<SetStateAction<PickedFile[]>>;
  /** The server's refusal of the set (`fileIdxs`), already translated. */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])];
    // The same file picked again must fire a change.
    event.target.value = '';
    const room = REQUEST_FILES_MAX - files.length;
    const reasons: string[] = [];
    if (picked.length > room) reasons.push(t('ui.request.form.tooManyFiles', { max: REQUEST_FILES_MAX }));
    const failed = (name: string, code: string) =>
      t('ui.request.form.uploadFailed', { name, reason: t(`errors.${code}`) });
    for (const file of picked.slice(0, Math.max(room, 0))) {
      if (file.size > UPLOAD_MAX_BYTES) {
        reasons.push(failed(file.name, 'FILE_TOO_LARGE'));
        continue;
      }
      const key = nextKey++;
      onFilesChange((list) => [...list, { key, name: file.name, size: file.size, fileIdx: null }]);
      requestApi.upload(projectIdx, file).then(
        ({ fileIdx }) => onFilesChange((list) => list.map((f) => (f.key === key ? { ...f, fileIdx } : f))),
        (cause: unknown) => {
          onFilesChange((list) => list.filter((f) => f.key !== key));
          if (!(cause instanceof ApiError)) console.error(cause);
          setProblems((list) => [...list, failed(file.name, errorCodeOf(cause))]);
        },
      );
    }
    setProblems(reasons);
  }

  const full = files.length >= REQUEST_FILES_MAX;
  return (
    <div className="field request-files">
      <span className="field__label" id={`${inputId}-label`}>
        {t('ui.request.form.files')}
      </span>
      {files.length > 0 && (
        <ul className="request-files__list" aria-labelledby={`${inputId}-label`}>
          {files.map((f) => (
            <li key={f.key} className="request-files__item">
              <span className="request-files__name">{f.name}</span>
              <span className="request-files__size">{formatFileSize(f.size, lang)}</span>
              {f.fileIdx === null ? (
                <span className="request-files__state" role="status">
                  <span className="spinner spinner--inline" aria-hidden="true" />
                  {t('ui.request.form.uploading')}
                </span>
              ) : (
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={t('ui.request.form.removeFile', { name: f.name })}
                  onClick={() => onFilesChange((list) => list.filter((x) => x.key !== f.key))}
                >
                  ×
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        tabIndex={-1}
        aria-label={t('ui.request.form.addFiles')}
        disabled={full}
        aria-describedby={`${inputId}-hint`}
        onChange={pick}
      />
      <Button
        variant="outline"
        size="small"
        align="start"
        disabled={full}
        onClick={() => input.current?.click()}
      >
        {t('ui.request.form.addFiles')}
      </Button>
      <p className="field__hint" id={`${inputId}-hint`}>
        {t('ui.request.form.filesHint', { max: REQUEST_FILES_MAX })}
      </p>
      {[...(error ? [error] : []), ...problems].map((text, i) => (
        <p key={i} className="field__error" role="alert">
          {text}
        </p>
      ))}
    </div>
  );
}
