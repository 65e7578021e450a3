import type { Application, Recruitment } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, projectsOf, signUp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'rc');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

type Res = { statusCode: number; body: string; json(): { error: { code: string; fieldErrors?: object } } };
const codeOf = (res: Res) => res.json().error.code;
const post = (extra: object = {}) => ({
  projectIdx: f.projectA,
  title: `Backend developer ${++n}`,
  description: 'Fastify and PostgreSQL',
  skills: ['TypeScript', 'PostgreSQL'],
  workType: 'freelancer',
  rateMin: 300_000,
  rateMax: 500_000,
  currency: 'KRW',
  startDt: '20270101',
  endDt: '20271231',
  ...extra,
});
async function create(key = f.client.key, extra: object = {}): Promise<Recruitment> {
  const res = await call('POST', '/recruitment', key, post(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Recruitment;
}
/** A fresh account outside project A, with a career on its profile. */
async function applicant() {
  return signUp(t, `rc-app${++n}@example.com`, {
    career: [{ startDt: '202001', company: 'Acme', level: 'Senior', description: 'APIs' }],
  });
}
async function apply(
  key: string,
  recruitmentIdx: number,
  note = 'I know Fastify well',
): Promise<Application> {
  const res = await call('POST', `/recruitment/${recruitmentIdx}/apply`, key, { note });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Application;
}
const hireBody = (extra: object = {}) => ({
  status: 'hired',
  role: 'depth2',
  contract: {
    dailyRate: 400_000,
    currency: 'KRW',
    startDt: '20270101',
    scope: 'Backend',
    withholdingRateBp: 330,
  },
  ...extra,
});
async function noticesOf(key: string) {
  await t.app.ctx.events.idle();
  const res = await call('GET', '/notification', key);
  return res.json().data.items as { kind: string; params: Record<string, string>; link: string | null }[];
}

describe('POST /recruitment', () => {
  it('a client or an admin posts a job for their project; it is open, counted and theirs to manage', async () => {
    const byClient = await create(f.client.key);
    expect(byClient).toMatchObject({
      projectIdx: f.projectA,
      projectName: 'A',
      status: 'open',
      skills: ['TypeScript', 'PostgreSQL'],
      workType: 'freelancer',
      rateMin: 300_000,
      rateMax: 500_000,
      currency: 'KRW',
      applicationCount: 0,
      postedByIdx: f.client.memberIdx,
      myApplication: null,
      can: { manage: true, apply: false },
    });
    const byAdmin = await create(f.admin.key, {
      workType: 'fullTime',
      currency: 'USD',
      rateMin: 30_000,
      rateMax: 30_000,
    });
    expect(byAdmin.currency).toBe('USD');
  });

  it('refuses professionals of the project (ADMIN_OR_CLIENT_ONLY) and strangers (PROJECT_ACCESS_DENIED)', async () => {
    for (const who of [f.lead, f.dev, f.solo]) {
      const res = await call('POST', '/recruitment', who.key, post());
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('ADMIN_OR_CLIENT_ONLY');
    }
    const res = await call('POST', '/recruitment', f.outsider.key, post());
    expect(codeOf(res)).toBe('PROJECT_ACCESS_DENIED');
    // The owner of project B cannot post for project A, nor anyone without a key.
    expect((await call('POST', '/recruitment', undefined, post())).statusCode).toBe(401);
  });

  it('refuses bad input on its fields: rates, range, currency, work type, period, title', async () => {
    const cases: [object, string][] = [
      [{ rateMin: 0 }, 'rateMin'],
      [{ rateMin: 1.5 }, 'rateMin'],
      [{ rateMin: 500, rateMax: 100 }, 'rateMax'],
      [{ currency: 'EUR' }, 'currency'],
      [{ workType: 'partTime' }, 'workType'],
      [{ endDt: '20261231' }, 'endDt'],
      [{ startDt: '2027-01-01' }, 'startDt'],
      [{ title: '  ' }, 'title'],
    ];
    for (const [extra, field] of cases) {
      const res = await call('POST', '/recruitment', f.client.key, post(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json().error.fieldErrors ?? {}), JSON.stringify(extra)).toContain(field);
    }
  });
});

describe('GET /recruitment and GET /recruitment/{id}', () => {
  it('any signed-in account browses open posts and searches by text, skill, work type and rate', async () => {
    const tag = `Zebra${++n}`;
    const a = await create(f.client.key, {
      title: `${tag} mobile`,
      skills: ['Kotlin'],
      workType: 'fullTime',
    });
    const b = await create(f.client.key, {
      title: `${tag} web`,
      skills: ['React'],
      rateMin: 100,
      rateMax: 200,
    });
    const stranger = await applicant();
    const ids = async (query: string) => {
      const res = await call('GET', `/recruitment?${query}`, stranger.key);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.recruitments as Recruitment[]).map((r) => r.recruitmentIdx);
    };
    expect(await ids(`q=${tag}`)).toEqual([b.recruitmentIdx, a.recruitmentIdx]);
    expect(await ids(`q=${tag}&skill=kotlin`)).toEqual([a.recruitmentIdx]);
    expect(await ids(`q=${tag}&workType=freelancer`)).toEqual([b.recruitmentIdx]);
    expect(await ids(`q=${tag}&rate=150&currency=KRW`)).toEqual([b.recruitmentIdx]);
    expect(await ids(`q=${tag}%25`)).toEqual([]); // % is a character, not a wildcard
    const one = await call('GET', `/recruitment/${a.recruitmentIdx}`, stranger.key);
    expect(one.json().data).toMatchObject({ title: `${tag} mobile`, can: { manage: false, apply: true } });
    expect((await call('GET', '/recruitment', undefined)).statusCode).toBe(401);
  });

  it('a closed post is hidden from all but its managers; a deleted one from everyone', async () => {
    const p = await create();
    const stranger = await applicant();
    const closed = await call('PATCH', `/recruitment/${p.recruitmentIdx}`, f.client.key, {
      status: 'closed',
    });
    expect(closed.json().data.status).toBe('closed');
    expect(codeOf(await call('GET', `/recruitment/${p.recruitmentIdx}`, stranger.key))).toBe(
      'RECRUITMENT_NOT_FOUND',
    );
    expect((await call('GET', `/recruitment/${p.recruitmentIdx}`, f.admin.key)).statusCode).toBe(200);
    const list = await call('GET', '/recruitment?status=closed', stranger.key);
    expect((list.json().data.recruitments as Recruitment[]).map((r) => r.recruitmentIdx)).not.toContain(
      p.recruitmentIdx,
    );
    const mine = await call('GET', '/recruitment?mine=Y&status=closed', f.client.key);
    expect((mine.json().data.recruitments as Recruitment[]).map((r) => r.recruitmentIdx)).toContain(
      p.recruitmentIdx,
    );
    expect((await call('DELETE', `/recruitment/${p.recruitmentIdx}`, f.client.key)).statusCode).toBe(200);
    expect(codeOf(await call('GET', `/recruitment/${p.recruitmentIdx}`, f.admin.key))).toBe(
      'RECRUITMENT_NOT_FOUND',
    );
    expect(codeOf(await call('GET', '/recruitment/999999', stranger.key))).toBe('RECRUITMENT_NOT_FOUND');
  });
});

describe('PATCH and DELETE /recruitment/{id}', () => {
  it('the hiring side edits a post; the range is checked on the result', async () => {
    const p = await create();
    const res = await call('PATCH', `/recruitment/${p.recruitmentIdx}`, f.admin.key, {
      title: 'Edited',
      skills: ['Go', 'Go'],
      rateMax: 600_000,
    });
    expect(res.json().data).toMatchObject({
      title: 'Edited',
      skills: ['Go'],
      rateMin: 300_000,
      rateMax: 600_000,
    });
    const bad = await call('PATCH', `/recruitment/${p.recruitmentIdx}`, f.admin.key, { rateMin: 700_000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toEqual({ rateMax: 'rateMaxBelowMin' });
    expect((await call('PATCH', `/recruitment/${p.recruitmentIdx}`, f.admin.key, {})).statusCode).toBe(400);
  });

  it('professionals of the project and other projects\u2019 admins are refused, and nothing changes', async () => {
    const p = await create();
    expect(codeOf(await call('PATCH', `/recruitment/${p.recruitmentIdx}`, f.lead.key, { title: 'x' }))).toBe(
      'ADMIN_OR_CLIENT_ONLY',
    );
    expect(
      codeOf(await call('PATCH', `/recruitment/${p.recruitmentIdx}`, f.outsider.key, { title: 'x' })),
    ).toBe('PROJECT_ACCESS_DENIED');
    expect(codeOf(await call('DELETE', `/recruitment/${p.recruitmentIdx}`, f.outsider.key))).toBe(
      'PROJECT_ACCESS_DENIED',
    );
    expect(codeOf(await call('DELETE', `/recruitment/${p.recruitmentIdx}`, f.dev.key))).toBe(
      'ADMIN_OR_CLIENT_ONLY',
    );
    const still = await call('GET', `/recruitment/${p.recruitmentIdx}`, f.client.key);
    expect(still.json().data.title).toBe(p.title);
    expect(codeOf(await call('PATCH', '/recruitment/999999', f.admin.key, { title: 'x' }))).toBe(
      'RECRUITMENT_NOT_FOUND',
    );
  });
});

describe('POST /recruitment/{id}/apply', () => {
  it('an account applies once with a note and its profile careers; a second application is 409', async () => {
    const p = await create();
    const pro = await applicant();
    const a = await apply(pro.key, p.recruitmentIdx);
    expect(a).toMatchObject({
      recruitmentIdx: p.recruitmentIdx,
      memberIdx: pro.memberIdx,
      note: 'I know Fastify well',
      status: 'applied',
      career: [expect.objectContaining({ company: 'Acme', level: 'Senior' })],
    });
    const again = await call('POST', `/recruitment/${p.recruitmentIdx}/apply`, pro.key, { note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('APPLICATION_EXISTS');
    const seen = await call('GET', `/recruitment/${p.recruitmentIdx}`, pro.key);
    expect(seen.json().data).toMatchObject({
      applicationCount: 1,
      myApplication: { applicationIdx: a.applicationIdx, status: 'applied' },
      can: { apply: false, manage: false },
    });
    const notices = await noticesOf(f.client.key);
    expect(notices[0]).toMatchObject({
      kind: 'recruitmentApplied',
      link: `/recruitment?post=${p.recruitmentIdx}`,
    });
  });

  it('a closed post refuses applications (409), a missing one is 404, members of the project are refused', async () => {
    const p = await create();
    await call('PATCH', `/recruitment/${p.recruitmentIdx}`, f.client.key, { status: 'closed' });
    const pro = await applicant();
    const closed = await call('POST', `/recruitment/${p.recruitmentIdx}/apply`, pro.key, { note: 'hi' });
    expect(closed.statusCode).toBe(409);
    expect(codeOf(closed)).toBe('RECRUITMENT_CLOSED');
    expect(codeOf(await call('POST', '/recruitment/999999/apply', pro.key, { note: 'hi' }))).toBe(
      'RECRUITMENT_NOT_FOUND',
    );
    const open = await create();
    expect(
      codeOf(await call('POST', `/recruitment/${open.recruitmentIdx}/apply`, f.dev.key, { note: 'hi' })),
    ).toBe('ALREADY_MEMBER');
    const empty = await call('POST', `/recruitment/${open.recruitmentIdx}/apply`, pro.key, { note: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fieldErrors).toEqual({ note: 'required' });
  });
});

describe('applicants and decisions', () => {
  it('the hiring side lists applicants with their profiles; others are refused, never shown data', async () => {
    const p = await create();
    const pro = await applicant();
    await apply(pro.key, p.recruitmentIdx);
    const res = await call('GET', `/recruitment/${p.recruitmentIdx}/application`, f.admin.key);
    expect(res.json().data.applications).toEqual([
      expect.objectContaining({
        memberIdx: pro.memberIdx,
        nickname: pro.email.split('@')[0],
        status: 'applied',
      }),
    ]);
    for (const [who, code] of [
      [pro.key, 'PROJECT_ACCESS_DENIED'],
      [f.outsider.key, 'PROJECT_ACCESS_DENIED'],
      [f.lead.key, 'ADMIN_OR_CLIENT_ONLY'],
    ] as const) {
      const refused = await call('GET', `/recruitment/${p.recruitmentIdx}/application`, who);
      expect(codeOf(refused)).toBe(code);
      expect(refused.body).not.toContain('Fastify');
    }
  });

  it('shortlist, then reject with a notice; a rejected application moves no further', async () => {
    const p = await create();
    const pro = await applicant();
    const a = await apply(pro.key, p.recruitmentIdx);
    const s = await call('PATCH', `/application/${a.applicationIdx}`, f.client.key, {
      status: 'shortlisted',
    });
    expect(s.json().data.status).toBe('shortlisted');
    const r = await call('PATCH', `/application/${a.applicationIdx}`, f.client.key, {
      status: 'rejected',
      note: 'We chose someone closer to Seoul.',
    });
    expect(r.json().data).toMatchObject({
      status: 'rejected',
      decisionNote: 'We chose someone closer to Seoul.',
    });
    const kinds = (await noticesOf(pro.key)).map((x) => x.kind);
    expect(kinds).toEqual(['applicationRejected', 'applicationShortlisted']);
    expect((await noticesOf(pro.key))[0]!.params.note).toBe('We chose someone closer to Seoul.');
    const again = await call('PATCH', `/application/${a.applicationIdx}`, f.client.key, hireBody());
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('INVALID_STATUS_TRANSITION');
  });

  it('the applicant withdraws their own application (the poster is told); nobody else may', async () => {
    const p = await create();
    const pro = await applicant();
    const other = await applicant();
    const a = await apply(pro.key, p.recruitmentIdx);
    expect(
      codeOf(await call('PATCH', `/application/${a.applicationIdx}`, other.key, { status: 'withdrawn' })),
    ).toBe('PROJECT_ACCESS_DENIED');
    expect(
      codeOf(await call('PATCH', `/application/${a.applicationIdx}`, f.client.key, { status: 'withdrawn' })),
    ).toBe('FORBIDDEN');
    expect(
      codeOf(await call('PATCH', `/application/${a.applicationIdx}`, pro.key, { status: 'shortlisted' })),
    ).toBe('PROJECT_ACCESS_DENIED');
    const w = await call('PATCH', `/application/${a.applicationIdx}`, pro.key, { status: 'withdrawn' });
    expect(w.json().data.status).toBe('withdrawn');
    expect((await noticesOf(f.client.key))[0]).toMatchObject({ kind: 'applicationWithdrawn' });
    // One application per person and post, withdrawn or not.
    expect(
      codeOf(await call('POST', `/recruitment/${p.recruitmentIdx}/apply`, pro.key, { note: 'back' })),
    ).toBe('APPLICATION_EXISTS');
  });

  it('hiring joins the applicant with the chosen role and offers a contract at the given rate', async () => {
    const p = await create();
    const pro = await applicant();
    const a = await apply(pro.key, p.recruitmentIdx);
    const res = await call(
      'PATCH',
      `/application/${a.applicationIdx}`,
      f.client.key,
      hireBody({ role: 'depth1' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const hired = res.json().data as Application;
    expect(hired).toMatchObject({
      status: 'hired',
      memberInProjectIdx: expect.any(Number),
      contractIdx: expect.any(Number),
    });
    expect(await projectsOf(t, pro.key)).toContain(f.projectA);
    const roles = await call('GET', `/project/${f.projectA}/roles`, pro.key);
    expect(roles.json().data.roles[0].role.name).toBe('depth1');
    const contract = await call('GET', `/contract/${hired.contractIdx}`, pro.key);
    expect(contract.json().data).toMatchObject({
      status: 'awaiting',
      dailyRate: 400_000,
      currency: 'KRW',
      memberInProjectIdx: hired.memberInProjectIdx,
      can: { accept: true },
    });
    const kinds = (await noticesOf(pro.key)).map((x) => x.kind);
    expect(kinds).toEqual(expect.arrayContaining(['applicationHired', 'contractOffered']));
    // The hire is done once.
    const again = await call('PATCH', `/application/${a.applicationIdx}`, f.client.key, hireBody());
    expect(codeOf(again)).toBe('INVALID_STATUS_TRANSITION');
  });

  it('refuses hires by professionals, by another project\u2019s admin, with an admin role or bad terms', async () => {
    const p = await create();
    const pro = await applicant();
    const a = await apply(pro.key, p.recruitmentIdx);
    const url = `/application/${a.applicationIdx}`;
    expect(codeOf(await call('PATCH', url, f.lead.key, hireBody()))).toBe('ADMIN_OR_CLIENT_ONLY');
    expect(codeOf(await call('PATCH', url, f.outsider.key, hireBody()))).toBe('PROJECT_ACCESS_DENIED');
    expect((await call('PATCH', url, f.client.key, hireBody({ role: 'admin' }))).statusCode).toBe(400);
    const bad = await call(
      'PATCH',
      url,
      f.client.key,
      hireBody({ contract: { dailyRate: 0, currency: 'KRW', startDt: '20270101', scope: 'x' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(codeOf(await call('PATCH', '/application/999999', f.client.key, { status: 'shortlisted' }))).toBe(
      'APPLICATION_NOT_FOUND',
    );
    expect(await projectsOf(t, pro.key)).not.toContain(f.projectA);
    const list = await call('GET', `/recruitment/${p.recruitmentIdx}/application`, f.client.key);
    expect(list.json().data.applications[0].status).toBe('applied');
  });
});
