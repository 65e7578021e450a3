import { lazy } from 'react';
import { loadUiAreas } from '../lib/i18n';

/**
 * The AI document dialog and its button come from the ai feature; their chunk (and the ai texts)
 * load when the documents page first renders them. Props: `AiDocumentDialogProps`
 * (`{projectIdx, folderIdx, onClose, onCreated(documentIdx)}`) and, for the button,
 * `{projectIdx, folderIdx, onCreated}`; the button shows only with the `ai.document` ability.
 */
export const AiDocumentDialog = lazy(() =>
  Promise.all([import('../features/ai/components/AiDocumentDialog'), loadUiAreas(['ai'])]).then(([m]) => ({
    default: m.AiDocumentDialog,
  })),
);

export const AiDocumentButton = lazy(() =>
  Promise.all([import('../features/ai/components/AiButtons'), loadUiAreas(['ai'])]).then(([m]) => ({
    default: m.AiDocumentButton,
  })),
);
