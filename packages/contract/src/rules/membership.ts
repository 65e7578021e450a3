import type { ProjectRole } from '../constants.js';

/**
 * The shape of a project's team (docs/product/projects-and-membership.md#roles), written once: the server enforces it on every
 * membership change, and the member list carries its answers (`can` of each member) so the web
 * app shows only the controls the server accepts.
 */

/** Only a depth2 member has a team lead; changing to another role drops the lead. */
export const hasTeamLead = (role: ProjectRole): boolean => role === 'depth2';

/** Only a depth1 member leads a team (is a valid `depth1Idx`). */
export const leadsTeam = (role: ProjectRole): boolean => role === 'depth1';

/** The admin role always holds admin authority: its `isAdmin` flag is not a separate setting. */
export const authorityComesWithRole = (role: ProjectRole): boolean => role === 'admin';
