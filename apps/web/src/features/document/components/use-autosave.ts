import type { DocumentDetail, DocumentUpdateRequest } from '@teamline/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCodeOf } from '../../../lib/api-client';
import { documentApi } from '../api/document-api';

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';

/** Typing pauses this long before the document is saved. */
export const AUTOSAVE_DELAY_MS = 1_000;

/**
 * Saves a document's changes after a pause in typing, one save at a time, each from the version the
 * last one returned (`baseVersion`): a save someone else overtook answers 409 and stops autosave
 * until the user reloads (their text stays in the editor). Pending changes are sent on leaving.
 */
export function useAutosave(
  document: DocumentDetail | undefined,
  onSaved: (saved: DocumentDetail) => void,
  /** Off while co-editing live: the content is saved by the live session, the title is last-wins. */
  { versionCheck = true }: { versionCheck?: boolean } = {},
) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const pending = useRef<DocumentUpdateRequest>({});
  const version = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  const documentIdx = document?.documentIdx;

  useEffect(() => {
    if (document && version.current === null) version.current = document.version;
  }, [document]);

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) await inFlight.current;
    const changes = pending.current;
    if (!documentIdx || stopped.current || Object.keys(changes).length === 0) return;
    pending.current = {};
    setStatus('saving');
    inFlight.current = (async () => {
      try {
        const saved = await documentApi.update(documentIdx, {
          ...changes,
          ...(versionCheck ? { baseVersion: version.current ?? 0 } : {}),
        });
        version.current = saved.version;
        onSaved(saved);
        setStatus(Object.keys(pending.current).length ? 'unsaved' : 'saved');
      } catch (error) {
        if (errorCodeOf(error) === 'DOCUMENT_VERSION_CONFLICT') {
          stopped.current = true;
          setStatus('conflict');
        } else {
          // Kept for the next attempt: nothing typed is dropped.
          pending.current = { ...changes, ...pending.current };
          setStatus('failed');
        }
      } finally {
        inFlight.current = null;
      }
    })();
    await inFlight.current;
  }, [documentIdx, onSaved, versionCheck]);

  const change = useCallback(
    (changes: DocumentUpdateRequest) => {
      if (stopped.current) return;
      pending.current = { ...pending.current, ...changes };
      setStatus('unsaved');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (Object.keys(pending.current).length === 0) return;
      void flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      void flush();
    };
  }, [flush]);

  return { status, change, flush };
}
