import type { FastifyInstance } from 'fastify';

/** The SQL statements `app`'s database receives while `work` runs, in order (their text only). */
export async function statementsOf(app: FastifyInstance, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const stop = app.ctx.database.observeStatements((text) => {
    seen.push(text);
    return null;
  });
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}
