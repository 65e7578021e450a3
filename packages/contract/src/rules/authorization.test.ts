import { describe, expect, it } from 'vitest';
import {
  abilitiesOf,
  actionRules,
  allows,
  can,
  contractRecord,
  mayActOnRecord,
  projectActions,
  requestRecord,
  reviewRecord,
  ruleDenial,
  storyRecord,
  type RecordSubject,
} from './authorization.js';
import { canMoveRequest } from '../schemas/request.js';

describe('the action table', () => {
  it('covers every action with a rule that has a denial code', () => {
    for (const action of projectActions) expect(ruleDenial[actionRules[action].rule]).toBeTruthy();
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

  it('reads the table it is given', () => {
    const flipped = { ...actionRules, 'link.create': { rule: 'client' as const } };
    expect(can({ role: 'client', isAdmin: false }, 'link.create', flipped)).toBe(true);
    expect(can({ role: 'admin', isAdmin: true }, 'link.create', flipped)).toBe(false);
  });
});

describe('the record rule (docs/product/projects-and-membership.md#permission-check permission check)', () => {
  const who = (role: RecordSubject['role'], memberInProjectIdx: number, isAdmin = false): RecordSubject => ({
    role,
    isAdmin,
    memberInProjectIdx,
    projectIdx: 1,
  });
  const record = { projectIdx: 1, owners: [{ memberInProjectIdx: 7, depth1Idx: 3 }] };

  it('refuses without an owner, a member or in another project', () => {
    expect(mayActOnRecord(who('depth2', 7), { projectIdx: 1, owners: [] })).toBe(false);
    expect(mayActOnRecord(null, record)).toBe(false);
    expect(mayActOnRecord(who('admin', 1, true), { ...record, projectIdx: 2 })).toBe(false);
  });
  it('always allows admin authority of a professional', () => {
    expect(mayActOnRecord(who('admin', 99, true), record)).toBe(true);
    expect(mayActOnRecord(who('depth2', 99, true), record)).toBe(true);
    expect(mayActOnRecord(who('client', 99, true), record)).toBe(false);
  });
  it('allows the owner of the record', () => {
    expect(mayActOnRecord(who('depth2', 7), record)).toBe(true);
    expect(mayActOnRecord(who('depth2', 8), record)).toBe(false);
  });
  it('allows a depth1 lead on the team member records, and only a depth1', () => {
    expect(mayActOnRecord(who('depth1', 3), record)).toBe(true);
    expect(mayActOnRecord(who('depth2', 3), record)).toBe(false);
    expect(mayActOnRecord(who('depth1', 3), { projectIdx: 1, owners: [{ memberInProjectIdx: 7 }] })).toBe(
      false,
    );
  });
  it('applies only to actions the table marks per record, and needs the record there', () => {
    expect(allows(who('depth2', 8), 'milestone.edit', record)).toBe(false);
    expect(allows(who('depth2', 8), 'milestone.edit')).toBe(false);
    expect(allows(who('depth2', 8), 'planning.edit', record)).toBe(true);
    expect(allows(who('client', 7), 'milestone.edit', record)).toBe(false);
  });
  it('stories: assignees else reporter; proposals triaged by any professional, past triage clients out', () => {
    const records = [
      { memberInProjectIdx: 5, depth1Idx: null },
      { memberInProjectIdx: 6, depth1Idx: 3 },
    ];
    const story = { projectIdx: 1, status: 'pending', assignees: [6], reporterIdx: 5 };
    expect(allows(who('depth2', 6), 'story.edit', storyRecord(story, records))).toBe(true);
    expect(allows(who('depth1', 3), 'story.edit', storyRecord(story, records))).toBe(true);
    expect(allows(who('depth2', 5), 'story.edit', storyRecord(story, records))).toBe(false);
    const unassigned = { ...story, assignees: [] };
    expect(allows(who('depth2', 5), 'story.edit', storyRecord(unassigned, records))).toBe(true);
    expect(allows(who('client', 5), 'story.edit', storyRecord(unassigned, records))).toBe(false);
    const proposal = { ...unassigned, status: 'considering' };
    expect(allows(who('client', 5), 'story.edit', storyRecord(proposal, records))).toBe(true);
    expect(allows(who('client', 9), 'story.edit', storyRecord(proposal, records))).toBe(false);
    expect(allows(who('depth2', 9), 'story.edit', storyRecord(proposal, records))).toBe(true);
  });
});

describe('requests (requestRecord)', () => {
  const me = (memberInProjectIdx: number, role: RecordSubject['role'] = 'depth2', isAdmin = false) =>
    ({ projectIdx: 1, memberInProjectIdx, role, isAdmin }) satisfies RecordSubject;
  const request = { projectIdx: 1, senderIdx: 10, receiverIdx: 20 };
  const records = [
    { memberInProjectIdx: 10, depth1Idx: null },
    { memberInProjectIdx: 20, depth1Idx: 30 },
  ];

  it('lets the parties, admin authority and a lead of either see and comment; nobody else', () => {
    const scope = requestRecord(request, records);
    for (const who of [me(10), me(20, 'client'), me(1, 'admin', true), me(30, 'depth1')])
      expect(allows(who, 'request.view', scope)).toBe(true);
    for (const who of [me(2), me(31, 'depth1'), me(5, 'client', true)])
      expect(allows(who, 'request.comment', scope)).toBe(false);
  });

  it('gives each move to one party alone (ownersOnly): no admin, no lead acts for them', () => {
    const receiver = requestRecord(request, records, 'receiver');
    const sender = requestRecord(request, records, 'sender');
    expect(allows(me(20), 'request.update', receiver)).toBe(true);
    expect(allows(me(10), 'request.update', receiver)).toBe(false);
    expect(allows(me(1, 'admin', true), 'request.update', receiver)).toBe(false);
    expect(allows(me(30, 'depth1'), 'request.update', receiver)).toBe(false);
    expect(allows(me(10), 'request.delete', sender)).toBe(true);
    expect(allows(me(20), 'request.delete', sender)).toBe(false);
    // A party of another project is no party here.
    expect(allows({ ...me(20), projectIdx: 2 }, 'request.update', receiver)).toBe(false);
  });

  it('moves a request only forward: awaiting → inProgress → completed', () => {
    expect(canMoveRequest('awaiting', 'inProgress')).toBe(true);
    expect(canMoveRequest('inProgress', 'completed')).toBe(true);
    for (const [from, to] of [
      ['awaiting', 'completed'],
      ['awaiting', 'awaiting'],
      ['inProgress', 'awaiting'],
      ['completed', 'inProgress'],
    ] as const)
      expect(canMoveRequest(from, to)).toBe(false);
  });
});

describe('contracts (contractRecord)', () => {
  const me = (memberInProjectIdx: number, role: RecordSubject['role'] = 'depth2', isAdmin = false) =>
    ({ projectIdx: 1, memberInProjectIdx, role, isAdmin }) satisfies RecordSubject;
  const contract = { projectIdx: 1, memberInProjectIdx: 20 };
  const records = [{ memberInProjectIdx: 20, depth1Idx: 30 }];

  it('shows a contract to its professional, their lead and the hiring side; nobody else', () => {
    const scope = contractRecord(contract, records);
    for (const who of [
      me(20),
      me(30, 'depth1'),
      me(1, 'admin', true),
      me(5, 'client'),
      me(6, 'client', true),
    ])
      expect(allows(who, 'contract.view', scope)).toBe(true);
    for (const who of [me(21), me(31, 'depth1'), { ...me(20), projectIdx: 2 }])
      expect(allows(who, 'contract.view', scope)).toBe(false);
  });

  it('gives the answer to the professional alone and offering and ending to the hiring side', () => {
    const pro = contractRecord(contract, records, 'professional');
    expect(allows(me(20), 'contract.accept', pro)).toBe(true);
    expect(allows(me(20), 'contract.decline', pro)).toBe(true);
    for (const who of [me(1, 'admin', true), me(30, 'depth1'), me(5, 'client')])
      expect(allows(who, 'contract.accept', pro)).toBe(false);
    for (const who of [me(1, 'admin', true), me(7, 'depth1', true), me(5, 'client'), me(6, 'client', true)]) {
      expect(can(who, 'contract.offer')).toBe(true);
      expect(can(who, 'contract.end')).toBe(true);
    }
    for (const who of [me(20), me(30, 'depth1')]) {
      expect(can(who, 'contract.offer')).toBe(false);
      expect(can(who, 'contract.end')).toBe(false);
    }
    expect(ruleDenial[actionRules['contract.offer'].rule]).toBe('ADMIN_OR_CLIENT_ONLY');
  });
});

describe('reviews (reviewRecord)', () => {
  const me = (memberInProjectIdx: number, role: RecordSubject['role'] = 'depth2', isAdmin = false) =>
    ({ projectIdx: 1, memberInProjectIdx, role, isAdmin }) satisfies RecordSubject;
  const scope = reviewRecord({ projectIdx: 1, reviewerMemberInProjectIdx: 20 });

  it('lets every member read and write reviews, and only the author change one', () => {
    for (const who of [me(20), me(5, 'client'), me(1, 'admin', true), me(30, 'depth1')]) {
      expect(can(who, 'review.view')).toBe(true);
      expect(can(who, 'review.create')).toBe(true);
    }
    expect(allows(me(20), 'review.update', scope)).toBe(true);
    expect(allows(me(20), 'review.delete', scope)).toBe(true);
    // Neither admin authority nor a team lead acts for the author; another project never.
    for (const who of [
      me(1, 'admin', true),
      me(30, 'depth1'),
      me(5, 'client', true),
      { ...me(20), projectIdx: 2 },
    ]) {
      expect(allows(who, 'review.update', scope)).toBe(false);
      expect(allows(who, 'review.delete', scope)).toBe(false);
    }
  });
});
