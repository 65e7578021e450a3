import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db.js';
import { JOB_SCHEMA } from '../../platform/jobs/job-runner.js';

export interface JobRow {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  retry_limit: number;
  output: unknown;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

/** Reads pg-boss's job table (its own schema in the app's database); pg-boss alone writes it. */
export function createJobRepository(db: Db) {
  return {
    /** The jobs whose data names the project, newest first. */
    async listOfProject(projectIdx: number, limit = 100): Promise<JobRow[]> {
      const result = (await db.execute<Record<string, unknown>>(sql`
        select id::text as id, name, state::text as state, retry_count, retry_limit, output,
               created_on, start_after, started_on, completed_on
        from ${sql.raw(JOB_SCHEMA)}.job
        where data->>'projectIdx' = ${String(projectIdx)}
        order by created_on desc, id desc
        limit ${limit}
      `)) as { rows: JobRow[] };
      return result.rows;
    },
  };
}
export type JobRepository = ReturnType<typeof createJobRepository>;
