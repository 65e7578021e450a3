import { apiPaths, earnings, earningsQuery, earningsStatementQuery } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';
import { contentDisposition } from '../file/file.routes.js';
import { earningsCsv } from './earnings-csv.js';
import { earningsPdf } from './earnings-pdf.js';
import { earningsFileName } from './earnings-statement.js';

/**
 * The caller's earnings (issue 34, docs/product/earnings-and-spending.md#earnings). Both routes are
 * `authenticated` and take no member: they answer about the signed-in account only. Outside the
 * token areas (platform/authorization/token-scope.ts): a personal access token cannot read them.
 */
export async function earningsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { earnings: service } = app.services;
  const tags = ['earnings'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.memberEarnings,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          "The caller's settlements of the year across every project (approved and paid: earned; submitted: " +
          'pending), with sums per month, per year and per payer, one currency at a time, from the amounts the ' +
          'settlements recorded.',
        querystring: earningsQuery,
        response: responds(200, earnings),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await service.earnings(actorOf(request), request.query.year) };
    },
  );

  app.get(
    apiPaths.memberEarningsStatement,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          "The caller's yearly earnings and withholding statement from one payer (a project), in the caller's " +
          'language: CSV (UTF-8 with BOM, for Excel) or PDF. 404 `EARNINGS_STATEMENT_NOT_FOUND` when the caller ' +
          'earned nothing from that payer that year.',
        querystring: earningsStatementQuery,
      },
    },
    async (request, reply) => {
      const { year, payer, format } = request.query;
      const statement = await service.statement(actorOf(request), year, payer);
      const name = earningsFileName(statement);
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      if (format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', `${name}.csv`))
          .send(earningsCsv(statement));
      const pdf = await earningsPdf(statement);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', `${name}.pdf`))
        .send(pdf);
    },
  );
}
