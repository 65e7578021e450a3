import type { Authorization } from '../../platform/authorization/authorization.js';
import type { AppContext } from '../../shared/context.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { PlanningStore } from '../planning-store/planning-repositories.js';

/** What every story use case stands on. */
export interface StoryDeps {
  ctx: AppContext;
  planning: PlanningStore;
  authz: Authorization<MembershipRow>;
}
