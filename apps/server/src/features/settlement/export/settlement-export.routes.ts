import { apiPaths, settlementExportQuery, settlementIdxParams } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../shared/http.js';
import { contentDisposition } from '../../file/file.routes.js';
import { settlementCsvStream } from './settlement-csv.js';
import { settlementPdf } from './settlement-pdf.js';
import { statementFileName, type StatementProvider } from './statement.js';
import { record } from '../../../platform/authorization/route-policy.js';

/**
 * `GET /settlement/{settlementIdx}/export?format=csv|pdf`: the statement as a download. Who may
 * export is the settlement service's decision (`statement` answers 404 SETTLEMENT_NOT_FOUND to
 * anyone who may not see the settlement); this only writes the file.
 *
 * The service comes in as a parameter so the routes build without the settlement module; the
 * settlement routes register them with `settlementExportRoutes(app, app.services.settlement)`.
 */
export async function settlementExportRoutes(fastify: FastifyInstance, provider: StatementProvider) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    apiPaths.settlementExport(':settlementIdx'),
    {
      config: { policy: record('settlement.view', 'SETTLEMENT_NOT_FOUND') },
      schema: {
        tags: ['settlement'],
        security: [{ bearer: [] }],
        params: settlementIdxParams,
        querystring: settlementExportQuery,
        description:
          'The statement as a file in the language of the statement: CSV (UTF-8 with BOM, for Excel) or PDF.',
      },
    },
    async (request, reply) => {
      const statement = await provider.statement(
        actorOf(request),
        request.params.settlementIdx,
        request.query.format,
      );
      const name = statementFileName(statement);
      // Amounts and names of one person: never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      if (request.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', `${name}.csv`))
          .send(settlementCsvStream(statement));
      // Built whole before the first byte, so a failure is an error answer, not a cut-off file.
      const pdf = await settlementPdf(statement);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', `${name}.pdf`))
        .send(pdf);
    },
  );
}
