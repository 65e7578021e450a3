import { lazy } from 'react';

/** The profile's Storage and "Download my data" sections come from the my-data feature, in a chunk of their own. */
export const MyDataSection = lazy(() =>
  import('../features/my-data/components/MyDataSection').then((m) => ({ default: m.MyDataSection })),
);

/** Project settings' storage use (admin authority) comes from the same feature. */
export const ProjectStorage = lazy(() =>
  import('../features/my-data/components/ProjectStorage').then((m) => ({ default: m.ProjectStorage })),
);
