import { defineModule } from '../../platform/module.js';
import { auditRetentionJob } from './audit-retention.job.js';
import { createAuditRepository } from '../../platform/audit/audit.repository.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditService, type AuditService } from './audit.service.js';

declare module '../../platform/services.js' {
  interface Services {
    audit: AuditService;
  }
}

/**
 * The audit log (issue 30 "Trust"; docs/decisions.md "Audit log"): reading a project's log and
 * one's own, the CSV, and the daily retention. Features write through `ctx.audit` (platform/audit/audit-trail.ts):
 * `r.audit.record(entry)` in a unit of work, `ctx.audit.record(handle, entry)` elsewhere.
 */
export const auditModule = defineModule({
  name: 'audit',
  services: ({ ctx, services }) => ({
    audit: createAuditService(ctx, createAuditRepository(ctx.database.db), services.authz),
  }),
  routes: auditRoutes,
  jobs: ({ ctx }) => [auditRetentionJob(ctx.database.db, ctx.clock, () => ctx.config.auditRetentionDays)],
});
