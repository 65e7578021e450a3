import type { ErrorCode, ProjectAction } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { Authorization, Membership } from './authorization.js';

/**
 * The sequence a record's actions start with: load the record, answer its own "not found" when there
 * is none, then authorize the action on the record's project with that same code as `missing`, so a
 * stranger to the project sees exactly what a missing id shows (docs/permissions.md). `action` may
 * depend on the record (an AI job's kind). Returns the record and the caller's membership.
 */
export async function loadOr404AndAuthorize<R extends { projectIdx: number }, M extends Membership>(
  authz: Pick<Authorization<M>, 'authorize'>,
  actor: Actor,
  action: ProjectAction | ((row: R) => ProjectAction),
  missing: ErrorCode,
  load: () => Promise<R | null | undefined>,
): Promise<{ row: R; membership: M }> {
  const row = await load();
  if (!row) throw new AppError(missing);
  const membership = await authz.authorize(actor, typeof action === 'function' ? action(row) : action, {
    projectIdx: row.projectIdx,
    missing,
  });
  return { row, membership };
}
