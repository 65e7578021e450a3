import { describe, expect, it } from 'vitest';
import { abilitiesOf, actionRules, can, projectActions, ruleDenial } from './authorization.js';

describe('the action table', () => {
  it('covers every action with a rule that has a denial code', () => {
    for (const action of projectActions) expect(ruleDenial[actionRules[action]]).toBeTruthy();
  });

  it('gives nothing to a non-member and everything but the client side to an admin', () => {
    expect(abilitiesOf(null)).toEqual([]);
    expect(abilitiesOf({ role: 'admin', isAdmin: true })).toEqual(
      projectActions.filter((a) => a !== 'milestone.decide'),
    );
  });

  it('admin authority on a client manages the project but does not make them a professional', () => {
    const clientAdmin = { role: 'client', isAdmin: true } as const;
    expect(can(clientAdmin, 'invite.manage')).toBe(true);
    expect(can(clientAdmin, 'project.delete')).toBe(true);
    expect(can(clientAdmin, 'link.create')).toBe(false);
    expect(can(clientAdmin, 'milestone.decide')).toBe(true);
    expect(can({ role: 'depth1', isAdmin: false }, 'member.update')).toBe(false);
    expect(can({ role: 'depth2', isAdmin: true }, 'member.update')).toBe(true);
  });
});
