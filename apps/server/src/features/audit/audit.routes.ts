import { apiPaths, auditExportQuery, auditList, auditListQuery, ownAuditQuery } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';
import { languageFromHeader } from '../../shared/language.js';
import { contentDisposition } from '../file/file.routes.js';
import { auditCsvStream } from './audit-csv.js';
import { project } from '../../platform/authorization/route-policy.js';

export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { audit, projectRepo } = app.services;
  const tags = ['audit'];

  // The audit log (issue 30): a project's log and its CSV for admin authority; one's own account log.
  app.get(
    apiPaths.audit,
    {
      config: { policy: project('audit.view') },
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          "The project's audit log, newest first, 50 a page: `memberIdx` (records the person did or " +
          'concerned), `kind` (a kind or a category such as `member`), `from`/`to` (instants, `to` ' +
          'exclusive). Admin authority only.',
        querystring: auditListQuery,
        response: responds(200, auditList),
      },
    },
    async (request) => ({ data: await audit.list(actorOf(request), request.query) }),
  );

  app.get(
    apiPaths.auditOwn,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          "The caller's own account log (sign-ins, password, cards, records about them). Records " +
          "someone else made show without that person's address and browser.",
        querystring: ownAuditQuery,
        response: responds(200, auditList),
      },
    },
    async (request) => ({ data: await audit.own(actorOf(request), request.query) }),
  );

  app.get(
    apiPaths.auditExport,
    {
      config: { policy: project('audit.view') },
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          'The filtered project log as CSV (UTF-8 with BOM), in `lang` or the Accept-Language. ' +
          'The download is itself recorded (`audit.exported`).',
        querystring: auditExportQuery,
      },
    },
    async (request, reply) => {
      const { query } = request;
      const { records } = await audit.export(actorOf(request), query);
      const project = await projectRepo.findById(query.projectIdx);
      const lang = query.lang ?? languageFromHeader(request.headers['accept-language']);
      const day = app.ctx.clock.now().toISOString().slice(0, 10);
      // Addresses and browsers of people: never kept by a browser or proxy cache.
      return reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('attachment', `audit-${query.projectIdx}-${day}.csv`),
        )
        .send(auditCsvStream(records, lang, () => project?.name ?? ''));
    },
  );
}
