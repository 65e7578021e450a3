import { API_BASE, isErrorCode } from '@teamline/contract';
import { api } from '../../../lib/api';
import { ApiError, pathOf, type ApiRoute } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import type { AiApplyRequest, AiDocumentRequest } from '@teamline/contract';
import type { AiJobStarted } from './ai-types';

/**
 * Sends the file with XMLHttpRequest, which (unlike fetch) reports upload progress. Without a key in
 * memory, or on a 401, it goes through the app's client instead, which refreshes the session first.
 */
function uploadWithProgress(
  route: ApiRoute<'timelineByAi'>,
  body: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<AiJobStarted> {
  const key = useAuthStore.getState().key;
  const viaClient = () => api.post(route, { body, signal });
  if (!key || typeof XMLHttpRequest === 'undefined') return viaClient();
  return new Promise<AiJobStarted>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API_BASE + pathOf(route));
    xhr.setRequestHeader('Authorization', `Bearer ${key}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('API_REQUEST_FAILED', 0));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status === 401) {
        viaClient().then(resolve, reject);
        return;
      }
      let parsed: { data?: AiJobStarted; error?: { code?: string; message?: string } } = {};
      try {
        parsed = JSON.parse(xhr.responseText) as typeof parsed;
      } catch {
        // Not JSON: the status decides below.
      }
      if (xhr.status >= 200 && xhr.status < 300 && parsed.data) {
        onProgress(100);
        resolve(parsed.data);
        return;
      }
      const code = parsed.error?.code;
      const fallback = xhr.status === 413 ? 'AI_FILE_TOO_LARGE' : 'API_REQUEST_FAILED';
      reject(new ApiError(isErrorCode(code) ? code : fallback, xhr.status, parsed.error?.message));
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/** docs/product/documents-and-ai.md#documents: the AI timeline from a file and AI-written documents. */
export const aiApi = {
  timelineFromFile: (
    projectIdx: number,
    file: File,
    onProgress: (percent: number) => void,
    signal?: AbortSignal,
  ) => {
    const body = new FormData();
    body.append('file', file);
    return uploadWithProgress(['timelineByAi', projectIdx], body, onProgress, signal);
  },
  job: (jobIdx: number) => api.get(['aiJob', jobIdx]),
  apply: (jobIdx: number, body: AiApplyRequest) => api.post(['aiJobApply', jobIdx], { body }),
  cancel: (jobIdx: number) => api.post(['aiJobCancel', jobIdx]),
  writeDocument: (body: AiDocumentRequest) => api.post('documentAi', { body }),
};

export const aiKeys = {
  job: (jobIdx: number) => ['ai-job', jobIdx] as const,
};
