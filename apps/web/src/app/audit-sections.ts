import { lazy } from 'react';

/** Settings › Audit and the profile's account activity come from the audit feature; chunks load on use. */
export const AuditSection = lazy(() =>
  import('../features/audit/components/AuditSection').then((m) => ({ default: m.AuditSection })),
);
export const OwnAuditSection = lazy(() =>
  import('../features/audit/components/OwnAuditSection').then((m) => ({ default: m.OwnAuditSection })),
);
