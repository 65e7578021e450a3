import { actionRules, can, ruleDenial, type ProjectAction, type ProjectRole } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

/**
 * The permission matrix of docs/permissions.md, table-driven: every settings route and the project's
 * other routes, for every role, a client with admin authority, a stranger and an anonymous caller.
 * The expectation of each cell comes from the contract's action table, so the table and the server
 * cannot drift apart.
 */

type Caller = 'admin' | 'depth1' | 'depth2' | 'client' | 'clientAdmin' | 'stranger' | 'anonymous';
const callers: Caller[] = ['admin', 'depth1', 'depth2', 'client', 'clientAdmin', 'stranger', 'anonymous'];
const subjects: Record<Exclude<Caller, 'stranger' | 'anonymous'>, { role: ProjectRole; isAdmin: boolean }> = {
  admin: { role: 'admin', isAdmin: true },
  depth1: { role: 'depth1', isAdmin: false },
  depth2: { role: 'depth2', isAdmin: false },
  client: { role: 'client', isAdmin: false },
  clientAdmin: { role: 'client', isAdmin: true },
};

let t: TestApp;
type Session = Awaited<ReturnType<typeof signUp>>;
const people = {} as Record<Exclude<Caller, 'anonymous'>, Session>;
let counter = 0;

/** A project with one member of each kind, owned by `admin`; fresh for each destructive cell. */
async function teamProject() {
  const projectIdx = await createProject(t, people.admin.key, `Team ${++counter}`);
  const rows: Record<string, number> = {};
  for (const who of ['depth1', 'depth2', 'client', 'clientAdmin'] as const) {
    const s = subjects[who];
    rows[who] = (
      await addToProject(t, projectIdx, people[who].memberIdx, s.role, { isAdmin: s.isAdmin })
    ).memberInProjectIdx;
  }
  // The stranger owns a project of their own: they are a member somewhere, just not here.
  return { projectIdx, rows };
}

const send = (method: string, url: string, caller: Caller, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    payload,
    headers: caller === 'anonymous' ? {} : bearer(people[caller].key),
  });

interface Route {
  name: string;
  action: ProjectAction;
  /** What a stranger gets when the route addresses a child id instead of the project id. */
  strangerCode?: string;
  /** Builds the request on a project (fresh when `fresh`); returns method, url, body. */
  fresh?: boolean;
  build: (p: { projectIdx: number; rows: Record<string, number> }) => Promise<[string, string, object?]>;
}

const invite = async (projectIdx: number) => {
  const res = await send('POST', '/member-in-project/invite', 'admin', {
    projectIdx,
    email: `inv${++counter}@example.com`,
    role: 'depth2',
  });
  return res.json().data.inviteIdx as number;
};

const routes: Route[] = [
  {
    name: 'GET roles',
    action: 'project.view',
    build: async (p) => ['GET', `/project/${p.projectIdx}/roles`],
  },
  { name: 'GET project', action: 'project.view', build: async (p) => ['GET', `/project/${p.projectIdx}`] },
  {
    name: 'PATCH project',
    action: 'project.update',
    build: async (p) => ['PATCH', `/project/${p.projectIdx}`, { description: 'x' }],
  },
  {
    name: 'DELETE project',
    action: 'project.delete',
    fresh: true,
    build: async (p) => ['DELETE', `/project/${p.projectIdx}`, { confirmName: `Team ${counter}` }],
  },
  {
    name: 'POST restore',
    action: 'project.restore',
    fresh: true,
    build: async (p) => {
      const name = `Team ${counter}`;
      await send('DELETE', `/project/${p.projectIdx}`, 'admin', { confirmName: name });
      return ['POST', `/project/${p.projectIdx}/restore`];
    },
  },
  {
    name: 'GET member-in-project',
    action: 'member.list',
    build: async (p) => ['GET', `/member-in-project?projectIdx=${p.projectIdx}`],
  },
  {
    name: 'PATCH member',
    action: 'member.update',
    strangerCode: 'MEMBER_IN_PROJECT_NOT_FOUND',
    build: async (p) => {
      const extra = await signUp(t, `extra${++counter}@example.com`);
      const row = await addToProject(t, p.projectIdx, extra.memberIdx, 'depth2');
      return ['PATCH', `/member-in-project/${row.memberInProjectIdx}`, { role: 'depth1' }];
    },
  },
  {
    name: 'DELETE member',
    action: 'member.remove',
    strangerCode: 'MEMBER_IN_PROJECT_NOT_FOUND',
    build: async (p) => {
      const extra = await signUp(t, `extra${++counter}@example.com`);
      const row = await addToProject(t, p.projectIdx, extra.memberIdx, 'depth2');
      return ['DELETE', `/member-in-project/${row.memberInProjectIdx}`];
    },
  },
  {
    name: 'POST invite',
    action: 'invite.manage',
    build: async (p) => [
      'POST',
      '/member-in-project/invite',
      { projectIdx: p.projectIdx, email: `new${++counter}@example.com`, role: 'client' },
    ],
  },
  {
    name: 'GET invite list',
    action: 'invite.manage',
    build: async (p) => ['GET', `/member-in-project/invite/list?projectIdx=${p.projectIdx}`],
  },
  {
    name: 'POST invite resend',
    action: 'invite.manage',
    strangerCode: 'NOT_FOUND',
    build: async (p) => ['POST', `/member-in-project/invite/${await invite(p.projectIdx)}/resend`],
  },
  {
    name: 'DELETE invite',
    action: 'invite.manage',
    strangerCode: 'NOT_FOUND',
    build: async (p) => ['DELETE', `/member-in-project/invite/${await invite(p.projectIdx)}`],
  },
  { name: 'GET link', action: 'link.view', build: async (p) => ['GET', `/link?projectIdx=${p.projectIdx}`] },
  {
    name: 'POST link',
    action: 'link.create',
    build: async (p) => ['POST', '/link', { url: 'https://example.com', projectIdx: p.projectIdx }],
  },
  {
    name: 'DELETE link',
    action: 'link.delete',
    strangerCode: 'LINK_NOT_FOUND',
    build: async (p) => {
      const res = await send('POST', '/link', 'admin', {
        url: 'https://example.org',
        projectIdx: p.projectIdx,
      });
      return ['DELETE', `/link/${res.json().data.linkIdx}`];
    },
  },
  {
    name: 'GET epics',
    action: 'epic.view',
    build: async (p) => ['GET', `/epic/all-of-project?projectIdx=${p.projectIdx}`],
  },
  {
    name: 'POST epic',
    action: 'epic.manage',
    build: async (p) => ['POST', '/epic', { projectIdx: p.projectIdx, label: `Epic ${++counter}` }],
  },
  {
    name: 'GET timeline',
    action: 'planning.view',
    build: async (p) => ['GET', `/milestone/timeline?projectIdx=${p.projectIdx}`],
  },
  {
    name: 'POST milestone',
    action: 'planning.edit',
    build: async (p) => ['POST', '/milestone', { projectIdx: p.projectIdx, title: 'M' }],
  },
];

let shared: Awaited<ReturnType<typeof teamProject>>;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'depth1', 'depth2', 'client', 'clientAdmin', 'stranger'] as const)
    people[who] = await signUp(t, `${who.toLowerCase()}@matrix.test`);
  await createProject(t, people.stranger.key, 'Elsewhere');
  shared = await teamProject();
});
afterAll(async () => {
  await t?.close();
});

describe('permission matrix (docs/permissions.md)', () => {
  for (const route of routes) {
    for (const caller of callers) {
      const allowed = caller in subjects && can(subjects[caller as keyof typeof subjects], route.action);
      const expected =
        caller === 'anonymous'
          ? 'UNAUTHENTICATED'
          : caller === 'stranger'
            ? (route.strangerCode ?? 'PROJECT_ACCESS_DENIED')
            : allowed
              ? 'ok'
              : ruleDenial[actionRules[route.action]];
      it(`${route.name} × ${caller} → ${expected}`, async () => {
        const project = route.fresh ? await teamProject() : shared;
        const [method, url, body] = await route.build(project);
        const res = await send(method, url, caller, body);
        if (expected === 'ok') {
          expect(res.statusCode, res.body).toBeLessThan(300);
        } else {
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
          expect(res.json().error.code).toBe(expected);
        }
      });
    }
  }
});

describe('strangers cannot tell which project ids exist', () => {
  const projectScoped: Array<(p: number) => [string, string, object?]> = [
    (p) => ['GET', `/project/${p}/roles`],
    (p) => ['GET', `/project/${p}`],
    (p) => ['PATCH', `/project/${p}`, { description: 'x' }],
    (p) => ['DELETE', `/project/${p}`, { confirmName: 'x' }],
    (p) => ['POST', `/project/${p}/restore`],
    (p) => ['GET', `/member-in-project?projectIdx=${p}`],
    (p) => ['POST', '/member-in-project/invite', { projectIdx: p, email: 'x@example.com', role: 'client' }],
    (p) => ['GET', `/member-in-project/invite/list?projectIdx=${p}`],
    (p) => ['GET', `/link?projectIdx=${p}`],
    (p) => ['POST', '/link', { url: 'https://example.com', projectIdx: p }],
    (p) => ['GET', `/epic/all-of-project?projectIdx=${p}`],
  ];
  it('an existing and a missing projectIdx answer the same 403', async () => {
    for (const build of projectScoped) {
      const [method, url, body] = build(shared.projectIdx);
      const existing = await send(method, url, 'stranger', body);
      const [, missingUrl, missingBody] = build(987_654);
      const missing = await send(method, missingUrl, 'stranger', missingBody);
      expect(existing.statusCode, url).toBe(403);
      expect(existing.json().error.code).toBe('PROJECT_ACCESS_DENIED');
      expect(missing.statusCode, missingUrl).toBe(existing.statusCode);
      expect(missing.json()).toEqual(existing.json());
    }
  });

  it('roles carry the abilities the table grants', async () => {
    for (const who of Object.keys(subjects) as Array<keyof typeof subjects>) {
      const res = await send('GET', `/project/${shared.projectIdx}/roles`, who);
      const abilities: string[] = res.json().data.abilities;
      expect(abilities.includes('invite.manage')).toBe(can(subjects[who], 'invite.manage'));
      expect(abilities.includes('link.create')).toBe(can(subjects[who], 'link.create'));
      expect(res.json().data.isAdmin).toBe(subjects[who].isAdmin);
    }
  });
});
