import { bearer, addToProject, createProject, signUp, type TestApp } from './test-app.js';

type Session = Awaited<ReturnType<typeof signUp>>;
export interface Person extends Session {
  /** memberInProjectIdx in project A */
  mip: number;
}

/**
 * Project A with every role of docs/product/projects-and-membership.md#roles — admin, a depth1 lead with one depth2 on their team, a
 * depth2 without a lead, a client — and an outsider who owns project B.
 */
export async function planningFixture(t: TestApp, prefix = 'p') {
  const make = (name: string) => signUp(t, `${prefix}-${name}@example.com`);
  const [admin, lead, dev, solo, client, outsider] = await Promise.all([
    make('admin'),
    make('lead'),
    make('dev'),
    make('solo'),
    make('client'),
    make('outsider'),
  ]);
  const projectA = await createProject(t, admin.key, 'A');
  const projectB = await createProject(t, outsider.key, 'B');
  const adminRow = await t.app.services.projectRepo.findMembership(projectA, admin.memberIdx);
  const leadRow = await addToProject(t, projectA, lead.memberIdx, 'depth1');
  const devRow = await addToProject(t, projectA, dev.memberIdx, 'depth2', {
    depth1Idx: leadRow.memberInProjectIdx,
  });
  const soloRow = await addToProject(t, projectA, solo.memberIdx, 'depth2');
  const clientRow = await addToProject(t, projectA, client.memberIdx, 'client');
  const outsiderRow = await t.app.services.projectRepo.findMembership(projectB, outsider.memberIdx);
  const person = (s: Session, mip: number): Person => ({ ...s, mip });
  return {
    projectA,
    projectB,
    admin: person(admin, adminRow!.memberInProjectIdx),
    lead: person(lead, leadRow.memberInProjectIdx),
    dev: person(dev, devRow.memberInProjectIdx),
    solo: person(solo, soloRow.memberInProjectIdx),
    client: person(client, clientRow.memberInProjectIdx),
    outsider: person(outsider, outsiderRow!.memberInProjectIdx),
  };
}
export type PlanningFixture = Awaited<ReturnType<typeof planningFixture>>;

export function api(t: TestApp) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, key?: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, payload, headers: key ? bearer(key) : {} });
}
