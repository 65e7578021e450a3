import type { auditExportQuery, auditListQuery, ownAuditQuery } from '@teamline/contract';
import { AUDIT_PAGE_SIZE, type AuditList, type AuditRecord } from '@teamline/contract';
import type { z } from 'zod';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { AuditFilter, AuditRepository } from '../../platform/audit/audit.repository.js';
import { toRecord } from './audit.presenter.js';

type ListQuery = z.output<typeof auditListQuery>;
type ExportQuery = z.output<typeof auditExportQuery>;
type OwnQuery = z.output<typeof ownAuditQuery>;

const EXPORT_BATCH = 500;

const filterOf = (q: Omit<OwnQuery, 'page'>): AuditFilter => ({
  kind: q.kind,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

/**
 * Reading the audit log: a project's (admin authority, `audit.view`) with filters and paging, its
 * CSV, and every member's own account log. Writing is the audit trail's (platform/audit/audit-trail.ts).
 */
export function createAuditService(
  ctx: AppContext,
  repo: AuditRepository,
  authz: Pick<Authorization, 'authorize'>,
) {
  async function page(filter: AuditFilter, pageNo: number, hideOthersOf?: number): Promise<AuditList> {
    const [rows, total] = await Promise.all([
      repo.page(filter, (pageNo - 1) * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE),
      repo.count(filter),
    ]);
    return {
      items: rows.map((row) => toRecord(row, hideOthersOf)),
      page: pageNo,
      pageSize: AUDIT_PAGE_SIZE,
      total,
    };
  }

  return {
    async list(actor: Actor, query: ListQuery): Promise<AuditList> {
      await authz.authorize(actor, 'audit.view', query.projectIdx);
      return page(
        { ...filterOf(query), projectIdx: query.projectIdx, personIdx: query.memberIdx },
        query.page,
      );
    },

    async own(actor: Actor, query: OwnQuery): Promise<AuditList> {
      return page({ ...filterOf(query), accountIdx: actor.memberIdx }, query.page, actor.memberIdx);
    },

    /**
     * Every record the filters match, newest first, read in batches below the head as it was when
     * the export began. The export itself is recorded first (`audit.exported`, with how many records
     * matched and the filters): a download that fails half-way was still handed out.
     */
    async export(
      actor: Actor,
      query: ExportQuery,
    ): Promise<{ records: AsyncIterable<AuditRecord>; count: number }> {
      await authz.authorize(actor, 'audit.view', query.projectIdx);
      const filter: AuditFilter = {
        ...filterOf(query),
        projectIdx: query.projectIdx,
        personIdx: query.memberIdx,
      };
      const count = await repo.count(filter);
      const { lang: _lang, projectIdx, ...filters } = query;
      await ctx.audit.record(ctx.database.db, {
        kind: 'audit.exported',
        projectIdx,
        target: { type: 'audit', idx: projectIdx },
        changes: { count, filters },
      });
      const head = (await repo.head()).lastIdx;
      async function* records() {
        let below = head + 1;
        for (;;) {
          const rows = await repo.page({ ...filter, beforeIdx: below }, 0, EXPORT_BATCH);
          for (const row of rows) yield toRecord(row);
          if (rows.length < EXPORT_BATCH) return;
          below = rows[rows.length - 1]!.auditIdx;
        }
      }
      return { records: records(), count };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
