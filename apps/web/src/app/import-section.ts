import { lazy } from 'react';

/** Settings › Import comes from the import feature (issue 34), in a chunk of its own. */
export const ImportSection = lazy(() =>
  import('../features/import/components/ImportSection').then((m) => ({ default: m.ImportSection })),
);
