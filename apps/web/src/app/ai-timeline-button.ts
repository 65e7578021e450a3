import { lazy } from 'react';
import { loadUiAreas } from '../lib/i18n';

/** The timeline toolbar's "Timeline from a file" comes from the ai feature, in its own chunk. */
export const AiTimelineButton = lazy(() =>
  Promise.all([import('../features/ai/components/AiButtons'), loadUiAreas(['ai'])]).then(([m]) => ({
    default: m.AiTimelineButton,
  })),
);
