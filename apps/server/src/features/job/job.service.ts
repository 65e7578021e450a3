import type { JobSummary } from '@teamline/contract';
import type { Actor } from '../../shared/context.js';
import type { ProjectService } from '../project/project.service.js';
import type { JobRepository, JobRow } from './job.repository.js';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** pg-boss stores a failure as the serialised error (`{ message, stack, … }`) in `output`. */
function errorOf(row: JobRow): string | null {
  if (row.state !== 'retry' && row.state !== 'failed') return null;
  const output = row.output as { message?: unknown } | string | null;
  if (typeof output === 'string') return output;
  return typeof output?.message === 'string' ? output.message : null;
}

/** A project's durable jobs, for members with admin authority. */
export function createJobService(repo: JobRepository, projects: ProjectService) {
  return {
    async listOfProject(actor: Actor, projectIdx: number): Promise<JobSummary[]> {
      await projects.authorizeIn(actor, projectIdx, 'job.view');
      return (await repo.listOfProject(projectIdx)).map((row) => {
        const lastError = errorOf(row);
        // A failure's stack stays in the database; the API shows its message only.
        const output = lastError === null ? (row.output ?? null) : { message: lastError };
        return {
          id: row.id,
          name: row.name,
          state: row.state,
          retryCount: row.retry_count,
          retryLimit: row.retry_limit,
          lastError,
          output,
          createdAt: iso(row.created_on)!,
          startAfter: iso(row.start_after)!,
          startedAt: iso(row.started_on),
          completedAt: iso(row.completed_on),
        };
      });
    },
  };
}
export type JobService = ReturnType<typeof createJobService>;
