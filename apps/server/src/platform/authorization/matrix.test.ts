import { Readable } from 'node:stream';
import {
  actionRules,
  allows,
  can,
  contractRecord,
  errorStatus,
  recordDenial,
  requestRecord,
  reviewRecord,
  ruleDenial,
  storyRecord,
  type ErrorCode,
  type ProjectAction,
  type ProjectRole,
} from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timekeepings, webhookDeliveries } from '../../db/schema/index.js';
import { api, planningFixture, type Person, type PlanningFixture } from '../../test/planning-fixture.js';
import { startGithubFake, type GithubFake } from '../../test/github-fake.js';
import { addToProject, bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { routeKey, type ActionPolicy } from './route-policy.js';

/**
 * The route × caller matrix, generated from the policies the app's routes declare (their config, as
 * `registeredRoutes` collected them): every route with a project action,
 * for every kind of caller, expects the answer the ACTION TABLE gives (contract `can`, `allows`,
 * `ruleDenial`), never one computed by the code under test, and checks it on the real app.
 * Records are created fresh for each cell, owned by a depth2 member on the depth1 lead's team
 * (`dev`), or by a depth2 member without a lead (`solo`) for "depth1 over another team's record".
 */

type Caller =
  | 'anonymous'
  | 'stranger'
  | 'client'
  | 'depth2 own'
  | 'depth2 other'
  | 'depth1 own team'
  | 'depth1 other team'
  | 'admin';
const callers: Caller[] = [
  'anonymous',
  'stranger',
  'client',
  'depth2 own',
  'depth2 other',
  'depth1 own team',
  'depth1 other team',
  'admin',
];

let f: PlanningFixture;
let call: ReturnType<typeof api>;
let n = 0;

type Name = 'admin' | 'lead' | 'dev' | 'solo' | 'client' | 'outsider';
/** Who calls, and who owns the record the route is aimed at (names in the planning fixture). */
const castOf: Record<Caller, { who: Name | null; owner: Name }> = {
  anonymous: { who: null, owner: 'dev' },
  stranger: { who: 'outsider', owner: 'dev' },
  client: { who: 'client', owner: 'dev' },
  'depth2 own': { who: 'dev', owner: 'dev' },
  'depth2 other': { who: 'solo', owner: 'dev' },
  'depth1 own team': { who: 'lead', owner: 'dev' },
  'depth1 other team': { who: 'lead', owner: 'solo' },
  admin: { who: 'admin', owner: 'dev' },
};
/** The fixture's members as the table sees them; `dev` is on `lead`'s team. */
const members: Record<
  Exclude<Name, 'outsider'>,
  { role: ProjectRole; isAdmin: boolean; mip: number; lead: number | null }
> = {
  admin: { role: 'admin', isAdmin: true, mip: 1, lead: null },
  lead: { role: 'depth1', isAdmin: false, mip: 2, lead: null },
  dev: { role: 'depth2', isAdmin: false, mip: 3, lead: 2 },
  solo: { role: 'depth2', isAdmin: false, mip: 4, lead: null },
  client: { role: 'client', isAdmin: false, mip: 5, lead: null },
};
function cast(caller: Caller): { who: Person | null; owner: Person } {
  const { who, owner } = castOf[caller];
  return { who: who ? f[who] : null, owner: f[owner] };
}

type Request = [method: string, url: string, body?: object];
interface Case {
  route: string;
  /** The action decided, when the body picks one other than the registry's (approve vs request). */
  action?: ProjectAction;
  /** Said in the test name when one route has several cases. */
  note?: string;
  /**
   * A request between the owner and a peer outside the cast: which party the owner is, and which
   * part of it the action is decided on (contract `requestRecord`). Callers who may not see it get
   * the route's 404, like strangers.
   */
  request?: { ownerIs: 'sender' | 'receiver'; part: 'parties' | 'receiver' | 'sender' };
  /**
   * A contract offered by the admin to the owner (a professional): the part of it the action is
   * decided on (contract `contractRecord`; `project`: the hiring side's, no record rule). Callers who
   * may not see it get the route's 404, like strangers.
   */
  contract?: { part: 'view' | 'professional' | 'project' };
  /** A review written by the owner (contract `reviewRecord`): its author alone edits or deletes it. */
  review?: true;
  build: (owner: Person) => Promise<Request>;
}

const data = async (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  key: string,
  body?: object,
) => {
  const res = await call(method, url, key, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
};
const milestoneOf = async (owner: Person) =>
  (await data('POST', '/milestone', owner.key, { projectIdx: f.projectA, title: `M${++n}` }))
    .milestoneIdx as number;
const storyOf = async (owner: Person) =>
  (await data('POST', '/story', owner.key, { projectIdx: f.projectA, title: `S${++n}` })).storyIdx as number;
const epicOf = async () =>
  (await data('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: `E${++n}` })).epicIdx as number;
const timeOf = async (owner: Person) =>
  (
    await data('POST', '/timekeeping', owner.key, {
      storyIdx: await storyOf(owner),
      workDt: '20260301',
      minutes: 5,
    })
  ).timekeepingIdx as number;
const extraMember = async () => {
  const extra = await signUp(t, `matrix-extra${++n}@example.com`);
  return (await addToProject(t, f.projectA, extra.memberIdx, 'depth2')).memberInProjectIdx;
};
const inviteOf = async () =>
  (
    await data('POST', '/member-in-project/invite', f.admin.key, {
      projectIdx: f.projectA,
      email: `matrix-inv${++n}@example.com`,
      role: 'depth2',
    })
  ).inviteIdx as number;
/** A depth2 member of project A who is none of the callers: the other party of requests. */
let peer: Person | undefined;
async function peerOf(): Promise<Person> {
  if (!peer) {
    const s = await signUp(t, 'matrix-peer@example.com');
    peer = { ...s, mip: (await addToProject(t, f.projectA, s.memberIdx, 'depth2')).memberInProjectIdx };
  }
  return peer;
}
const requestOf = async (owner: Person, ownerIs: 'sender' | 'receiver') => {
  const other = await peerOf();
  const [from, to] = ownerIs === 'sender' ? [owner, other] : [other, owner];
  return (
    await data('POST', '/request', from.key, {
      projectIdx: f.projectA,
      title: `R${++n}`,
      dueDt: '20260301',
      receiverIdx: to.mip,
    })
  ).requestIdx as number;
};
/**
 * Contract periods of one member may not overlap (ended ones keep theirs): every contract gets a
 * day of its own, far ahead, so ending it (which sets its end date to its start) frees the next day.
 */
let contractDay = 0;
const nextDay = () =>
  new Date(Date.UTC(2031, 0, 1 + contractDay++)).toISOString().slice(0, 10).replaceAll('-', '');
const contractTerms = (
  memberInProjectIdx: number,
  period: { startDt: string; endDt?: string } = { startDt: nextDay() },
) => ({
  projectIdx: f.projectA,
  memberInProjectIdx,
  dailyRate: 400_000,
  currency: 'KRW',
  ...period,
  scope: `C${++n}`,
});
/** A fresh contract of the owner, awaiting or accepted; their previous one is closed first (one runs at a time). */
const contractOf = async (
  owner: Person,
  status: 'awaiting' | 'inProgress',
  period?: { startDt: string; endDt: string },
) => {
  const { contracts } = (await data('GET', `/contract?projectIdx=${f.projectA}`, f.admin.key)) as {
    contracts: { contractIdx: number; memberInProjectIdx: number; status: string }[];
  };
  for (const c of contracts.filter((c) => c.memberInProjectIdx === owner.mip)) {
    if (c.status === 'awaiting')
      await data('POST', `/contract/${c.contractIdx}/decline`, owner.key, { reason: 'next' });
    if (c.status === 'inProgress') await data('POST', `/contract/${c.contractIdx}/end`, f.admin.key);
  }
  const idx = (await data('POST', '/contract', f.admin.key, contractTerms(owner.mip, period)))
    .contractIdx as number;
  if (status === 'inProgress') await data('POST', `/contract/${idx}/accept`, owner.key);
  return idx;
};
/** Each settlement its own month (2010-01 onwards), so no two share a contract period or a lock. */
let settlementMonth = 0;
/** A fresh settlement of the owner with an hour logged: a draft, or moved on to submitted or approved. */
const settlementOf = async (owner: Person, status: 'draft' | 'submitted' | 'approved') => {
  const i = settlementMonth++;
  const month = `${2010 + Math.floor(i / 12)}${String((i % 12) + 1).padStart(2, '0')}`;
  const contractIdx = await contractOf(owner, 'inProgress', { startDt: `${month}01`, endDt: `${month}28` });
  await t.database.db.insert(timekeepings).values({
    projectIdx: f.projectA,
    memberInProjectIdx: owner.mip,
    storyIdx: null,
    workDt: `${month}02`,
    minutes: 60,
    createdByIdx: owner.mip,
  });
  const { settlements } = (await data(
    'GET',
    `/settlement?projectIdx=${f.projectA}&month=${month}`,
    f.admin.key,
  )) as {
    settlements: { settlementIdx: number; contractIdx: number }[];
  };
  const idx = settlements.find((x) => x.contractIdx === contractIdx)!.settlementIdx;
  if (status !== 'draft') await data('POST', `/settlement/${idx}/submit`, owner.key);
  if (status === 'approved') await data('POST', `/settlement/${idx}/approve`, f.client.key);
  return idx;
};

/** A project of its own with every role, for cells that delete or restore it. */
async function freshProject() {
  const g = await planningFixture(t, `fresh${++n}`);
  return g;
}

function multipart(projectIdx: number) {
  const boundary = `----matrix${++n}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="projectIdx"\r\n\r\n${projectIdx}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\nhello\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Billing cells: the admin holds a sandbox card; each paying cell starts from a fresh paid
 * subscription of project A (the previous one refunded), so every admin cell can succeed.
 */
let billingCard = false;
async function paidSubscription(): Promise<number> {
  if (!billingCard) {
    await data('POST', '/card', f.admin.key, {
      cardNumber: '4242424242424242',
      expiry: '1239',
      isCorporate: false,
      birth: '900101',
      password: '12',
      cvv: '123',
      ownerName: 'Matrix',
    });
    billingCard = true;
  }
  const current = await data('GET', `/subscription?projectIdx=${f.projectA}`, f.admin.key);
  if (current.plan !== 'FREE') return current.subscriptionIdx as number;
  const res = await data('POST', '/subscription', f.admin.key, {
    projectIdx: f.projectA,
    plan: '30D',
    sheets: 2,
    currency: 'KRW',
  });
  return res.subscription.subscriptionIdx as number;
}
async function freeSubscription() {
  const current = await data('GET', `/subscription?projectIdx=${f.projectA}`, f.admin.key);
  if (current.plan !== 'FREE')
    await data('POST', `/subscription/${current.subscriptionIdx}/refund`, f.admin.key, {
      mode: current.refund.mode,
    });
}
async function couponNumber(): Promise<string> {
  const { createCoupons } = await import('../../features/billing/coupon.js');
  const { createBillingRepository } = await import('../../features/billing/billing.repository.js');
  const [coupon] = await createCoupons(createBillingRepository(t.database.db), {
    type: 'monthly',
    percentOff: 10,
    periods: 1,
    validFrom: '20000101',
    validUntil: '20991231',
    count: 1,
  });
  // One unused coupon per project: the previous cell's is used up first.
  await t.database.db.execute(
    sql`update coupon_redemption set remaining_periods = 0 where project_idx = ${f.projectA}`,
  );
  return coupon!.number;
}

const P = () => f.projectA;
const postTerms = () => ({
  projectIdx: P(),
  title: `Job ${++n}`,
  workType: 'freelancer',
  rateMin: 100_000,
  rateMax: 200_000,
  currency: 'KRW',
  startDt: '20270101',
});
const postOf = async () =>
  (await data('POST', '/recruitment', f.admin.key, postTerms())).recruitmentIdx as number;
const applicationOf = async () => {
  const applicant = await signUp(t, `matrix-applicant${++n}@example.com`);
  return (await data('POST', `/recruitment/${await postOf()}/apply`, applicant.key, { note: 'Hire me' }))
    .applicationIdx as number;
};
/** A hook of project A sending nothing (no categories), at a closed local port: a test answers at once. */
const webhookOf = async () =>
  (
    await data('POST', '/webhook', f.admin.key, {
      projectIdx: P(),
      type: 'slack',
      url: 'http://127.0.0.1:9/hook',
      categories: [],
      events: [],
    })
  ).webhookIdx as number;
/** A Standard Webhooks hook of project A sending nothing, for its secret's rotation. */
const standardHookOf = async () =>
  (
    await data('POST', '/webhook', f.admin.key, {
      projectIdx: P(),
      type: 'standard',
      url: 'http://127.0.0.1:9/hook',
    })
  ).webhookIdx as number;
/** A failed delivery of a fresh hook, as "retry now" expects. */
const failedDeliveryOf = async () => {
  const webhookIdx = await webhookOf();
  const [row] = await t.database.db
    .insert(webhookDeliveries)
    .values({
      webhookIdx,
      projectIdx: P(),
      eventIdx: -++n,
      eventName: 'story.created',
      body: {},
      status: 'failed',
    })
    .returning();
  return row!.deliveryIdx;
};
/** A fresh depth2 member of project A nobody has reviewed yet: the reviewed side of review cells. */
const revieweeOf = async () => {
  const s = await signUp(t, `matrix-reviewee${++n}@example.com`);
  await addToProject(t, P(), s.memberIdx, 'depth2');
  return s.memberIdx;
};
/** A review the owner wrote about a fresh member of project A. */
const reviewOf = async (owner: Person) =>
  (await data('POST', '/review-member', owner.key, { memberIdx: await revieweeOf(), rating: 3 }))
    .reviewIdx as number;
/** A 1×1 PNG as the multipart body of a review image. */
function imageMultipart() {
  const boundary = `----matrix${++n}`;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const cases: Case[] = [
  { route: 'GET /api/project/:projectIdx/roles', build: async () => ['GET', `/project/${P()}/roles`] },
  { route: 'GET /api/project/:projectIdx', build: async () => ['GET', `/project/${P()}`] },
  {
    route: 'PATCH /api/project/:projectIdx',
    build: async () => ['PATCH', `/project/${P()}`, { description: `d${++n}` }],
  },
  { route: 'DELETE /api/project/:projectIdx', build: async () => ['DELETE', `/project/${P()}`] },
  { route: 'POST /api/project/:projectIdx/restore', build: async () => ['POST', `/project/${P()}/restore`] },
  {
    route: 'GET /api/project/:projectIdx/two-factor',
    build: async () => ['GET', `/project/${P()}/two-factor`],
  },
  {
    route: 'PUT /api/project/:projectIdx/two-factor',
    build: async () => ['PUT', `/project/${P()}/two-factor`, { required: false }],
  },
  { route: 'GET /api/project/:projectIdx/budget', build: async () => ['GET', `/project/${P()}/budget`] },
  {
    route: 'PUT /api/project/:projectIdx/budget',
    build: async () => ['PUT', `/project/${P()}/budget`, { amount: 1_000 + ++n, currency: 'KRW' }],
  },
  {
    route: 'DELETE /api/project/:projectIdx/budget',
    build: async () => {
      await data('PUT', `/project/${P()}/budget`, f.admin.key, { amount: 1_000, currency: 'KRW' });
      return ['DELETE', `/project/${P()}/budget`];
    },
  },
  { route: 'POST /api/file', build: async () => ['POST', '/file'] },
  {
    route: 'GET /api/file',
    build: async () => {
      const { fileIdx } = await t.app.services.file.upload(
        { memberIdx: f.admin.memberIdx, familyId: '' },
        {
          stream: Readable.from([Buffer.from('hello')]),
          isTruncated: () => false,
          fileName: 'a.txt',
          projectIdx: P(),
        },
      );
      return ['GET', `/file?fileIdx=${fileIdx}`];
    },
  },
  {
    route: 'GET /api/file/url',
    build: async () => {
      const { fileIdx } = await t.app.services.file.upload(
        { memberIdx: f.admin.memberIdx, familyId: '' },
        {
          stream: Readable.from([Buffer.from('hello')]),
          isTruncated: () => false,
          fileName: 'a.txt',
          projectIdx: P(),
        },
      );
      return ['GET', `/file/url?fileIdx=${fileIdx}`];
    },
  },
  {
    // A fresh project file uploaded by the owner: the record rule on the uploader's record decides.
    route: 'DELETE /api/file/:fileIdx',
    build: async (owner) => {
      const { fileIdx } = await t.app.services.file.upload(
        { memberIdx: owner.memberIdx, familyId: '' },
        {
          stream: Readable.from([Buffer.from('bye')]),
          isTruncated: () => false,
          fileName: 'a.txt',
          projectIdx: P(),
        },
      );
      return ['DELETE', `/file/${fileIdx}`];
    },
  },
  { route: 'GET /api/project/:projectIdx/storage', build: async () => ['GET', `/project/${P()}/storage`] },
  // Reviews: the reviewed member is a fresh member of project A, so no caller reviews itself.
  {
    route: 'POST /api/file/:id/media',
    build: async () => ['POST', `/file/${(await peerOf()).memberIdx}/media`],
  },
  {
    route: 'POST /api/review-member',
    build: async () => [
      'POST',
      '/review-member',
      { memberIdx: await revieweeOf(), projectIdx: P(), rating: 4 },
    ],
  },
  {
    route: 'GET /api/review-member/of-member',
    build: async (o) => ['GET', `/review-member/of-member?memberIdx=${o.memberIdx}`],
  },
  {
    route: 'PATCH /api/review-member/:reviewIdx',
    review: true,
    build: async (o) => ['PATCH', `/review-member/${await reviewOf(o)}`, { rating: 5 }],
  },
  {
    route: 'DELETE /api/review-member/:reviewIdx',
    review: true,
    build: async (o) => ['DELETE', `/review-member/${await reviewOf(o)}`],
  },
  { route: 'GET /api/job', build: async () => ['GET', `/job?projectIdx=${P()}`] },
  { route: 'GET /api/audit', build: async () => ['GET', `/audit?projectIdx=${P()}`] },
  { route: 'GET /api/audit/export', build: async () => ['GET', `/audit/export?projectIdx=${P()}`] },
  { route: 'GET /api/link', build: async () => ['GET', `/link?projectIdx=${P()}`] },
  {
    route: 'POST /api/link',
    build: async () => ['POST', '/link', { url: `https://example.com/${++n}`, projectIdx: P() }],
  },
  {
    route: 'DELETE /api/link/:linkIdx',
    build: async () => {
      const link = await data('POST', '/link', f.admin.key, {
        url: `https://example.org/${++n}`,
        projectIdx: P(),
      });
      return ['DELETE', `/link/${link.linkIdx}`];
    },
  },
  { route: 'GET /api/member-in-project', build: async () => ['GET', `/member-in-project?projectIdx=${P()}`] },
  {
    route: 'GET /api/member-in-project/info',
    build: async () => ['GET', `/member-in-project/info?projectIdx=${P()}`],
  },
  {
    route: 'PATCH /api/member-in-project/:memberInProjectIdx',
    build: async () => ['PATCH', `/member-in-project/${await extraMember()}`, { role: 'depth1' }],
  },
  {
    route: 'DELETE /api/member-in-project/:memberInProjectIdx',
    build: async () => ['DELETE', `/member-in-project/${await extraMember()}`],
  },
  {
    route: 'POST /api/member-in-project/invite',
    build: async () => [
      'POST',
      '/member-in-project/invite',
      { projectIdx: P(), email: `matrix-new${++n}@example.com`, role: 'client' },
    ],
  },
  {
    route: 'GET /api/member-in-project/invite/list',
    build: async () => ['GET', `/member-in-project/invite/list?projectIdx=${P()}`],
  },
  {
    route: 'POST /api/member-in-project/invite/:inviteIdx/resend',
    build: async () => ['POST', `/member-in-project/invite/${await inviteOf()}/resend`],
  },
  {
    route: 'DELETE /api/member-in-project/invite/:inviteIdx',
    build: async () => ['DELETE', `/member-in-project/invite/${await inviteOf()}`],
  },
  {
    route: 'GET /api/milestone/timeline',
    build: async () => ['GET', `/milestone/timeline?projectIdx=${P()}`],
  },
  {
    route: 'POST /api/milestone',
    build: async () => ['POST', '/milestone', { projectIdx: P(), title: 'M' }],
  },
  {
    route: 'GET /api/milestone/stories',
    build: async (o) => ['GET', `/milestone/stories?milestoneIdx=${await milestoneOf(o)}`],
  },
  {
    route: 'PATCH /api/milestone/order',
    build: async (o) => ['PATCH', '/milestone/order', { milestoneIdx: await milestoneOf(o) }],
  },
  {
    route: 'PATCH /api/milestone/approved/:id',
    build: async (o) => ['PATCH', `/milestone/approved/${await milestoneOf(o)}`, { action: 'request' }],
  },
  {
    route: 'PATCH /api/milestone/approved/:id',
    action: 'milestone.decide',
    build: async (o) => {
      const m = await milestoneOf(o);
      await data('PATCH', `/milestone/approved/${m}`, f.admin.key, { action: 'request' });
      return ['PATCH', `/milestone/approved/${m}`, { action: 'approve' }];
    },
  },
  {
    route: 'PATCH /api/milestone/:id',
    build: async (o) => ['PATCH', `/milestone/${await milestoneOf(o)}`, { title: 'renamed' }],
  },
  {
    route: 'DELETE /api/milestone/:id',
    build: async (o) => ['DELETE', `/milestone/${await milestoneOf(o)}`],
  },
  {
    route: 'GET /api/milestone/:milestoneIdx',
    build: async (o) => ['GET', `/milestone/${await milestoneOf(o)}`],
  },
  {
    route: 'GET /api/story/awaiting-zone',
    build: async () => ['GET', `/story/awaiting-zone?projectIdx=${P()}`],
  },
  { route: 'GET /api/story/no-epic/:id', build: async () => ['GET', `/story/no-epic/${P()}`] },
  { route: 'GET /api/story/by-epic/:id', build: async () => ['GET', `/story/by-epic/${await epicOf()}`] },
  { route: 'POST /api/story', build: async () => ['POST', '/story', { projectIdx: P(), title: 'S' }] },
  {
    route: 'PATCH /api/story/order',
    build: async (o) => ['PATCH', '/story/order', { storyIdx: await storyOf(o), milestoneIdx: null }],
  },
  { route: 'GET /api/story/:storyIdx', build: async (o) => ['GET', `/story/${await storyOf(o)}`] },
  {
    route: 'PATCH /api/story/:id',
    build: async (o) => ['PATCH', `/story/${await storyOf(o)}`, { title: 'renamed' }],
  },
  { route: 'DELETE /api/story/:id', build: async (o) => ['DELETE', `/story/${await storyOf(o)}`] },
  {
    route: 'PATCH /api/assignee/:id',
    build: async (o) => ['PATCH', `/assignee/${await storyOf(o)}`, { assignees: [o.mip] }],
  },
  { route: 'GET /api/story/:id/comment', build: async (o) => ['GET', `/story/${await storyOf(o)}/comment`] },
  {
    route: 'POST /api/story/:id/comment',
    build: async (o) => ['POST', `/story/${await storyOf(o)}/comment`, { content: 'hi' }],
  },
  {
    route: 'GET /api/epic/all-of-project',
    build: async () => ['GET', `/epic/all-of-project?projectIdx=${P()}`],
  },
  { route: 'POST /api/epic', build: async () => ['POST', '/epic', { projectIdx: P(), label: `E${++n}` }] },
  { route: 'PATCH /api/epic/:id', build: async () => ['PATCH', `/epic/${await epicOf()}`, { label: 'x' }] },
  { route: 'DELETE /api/epic/:id', build: async () => ['DELETE', `/epic/${await epicOf()}`] },
  { route: 'GET /api/timekeeping', build: async () => ['GET', `/timekeeping?projectIdx=${P()}`] },
  {
    route: 'POST /api/timekeeping',
    build: async (o) => [
      'POST',
      '/timekeeping',
      { storyIdx: await storyOf(f.admin), workDt: '20260301', minutes: 5, memberInProjectIdx: o.mip },
    ],
  },
  {
    route: 'PATCH /api/timekeeping/:timekeepingIdx',
    build: async (o) => ['PATCH', `/timekeeping/${await timeOf(o)}`, { minutes: 10 }],
  },
  {
    route: 'DELETE /api/timekeeping/bulk',
    build: async (o) => ['DELETE', '/timekeeping/bulk', { timekeepingIdxs: [await timeOf(o)] }],
  },
  {
    route: 'GET /api/history/story',
    build: async (o) => ['GET', `/history/story?storyIdx=${await storyOf(o)}`],
  },
  {
    route: 'GET /api/history/milestone',
    build: async (o) => ['GET', `/history/milestone?milestoneIdx=${await milestoneOf(o)}`],
  },
  {
    route: 'GET /api/history-data/by-history-idx',
    build: async (o) => {
      const s = await storyOf(o);
      const [item] = await data('GET', `/history/story?storyIdx=${s}`, f.admin.key);
      return ['GET', `/history-data/by-history-idx?historyIdx=${item.historyIdx}`];
    },
  },
  { route: 'GET /api/dashboard', build: async () => ['GET', `/dashboard?projectIdx=${P()}`] },
  { route: 'GET /api/request', build: async () => ['GET', `/request?projectIdx=${P()}&box=sent`] },
  {
    route: 'POST /api/request',
    build: async () => [
      'POST',
      '/request',
      { projectIdx: P(), title: 'R', dueDt: '20260301', receiverIdx: (await peerOf()).mip },
    ],
  },
  {
    route: 'GET /api/request/:requestIdx',
    request: { ownerIs: 'receiver', part: 'parties' },
    build: async (o) => ['GET', `/request/${await requestOf(o, 'receiver')}`],
  },
  {
    route: 'PATCH /api/request/:requestIdx',
    note: 'take',
    request: { ownerIs: 'receiver', part: 'receiver' },
    build: async (o) => ['PATCH', `/request/${await requestOf(o, 'receiver')}`, { status: 'inProgress' }],
  },
  {
    route: 'PATCH /api/request/:requestIdx',
    note: 'edit',
    request: { ownerIs: 'sender', part: 'sender' },
    build: async (o) => ['PATCH', `/request/${await requestOf(o, 'sender')}`, { title: 'renamed' }],
  },
  {
    route: 'DELETE /api/request/:requestIdx',
    request: { ownerIs: 'sender', part: 'sender' },
    build: async (o) => ['DELETE', `/request/${await requestOf(o, 'sender')}`],
  },
  {
    route: 'POST /api/request/:requestIdx/comment',
    request: { ownerIs: 'sender', part: 'parties' },
    build: async (o) => ['POST', `/request/${await requestOf(o, 'sender')}/comment`, { content: 'hi' }],
  },
  // Job posts of project A (by its admin), and an application by a fresh account outside it.
  { route: 'POST /api/recruitment', build: async () => ['POST', '/recruitment', postTerms()] },
  {
    route: 'PATCH /api/recruitment/:recruitmentIdx',
    build: async () => ['PATCH', `/recruitment/${await postOf()}`, { title: 'Edited' }],
  },
  {
    route: 'DELETE /api/recruitment/:recruitmentIdx',
    build: async () => ['DELETE', `/recruitment/${await postOf()}`],
  },
  {
    route: 'GET /api/recruitment/:recruitmentIdx/application',
    build: async () => ['GET', `/recruitment/${await postOf()}/application`],
  },
  {
    route: 'PATCH /api/application/:applicationIdx',
    build: async () => ['PATCH', `/application/${await applicationOf()}`, { status: 'shortlisted' }],
  },
  { route: 'GET /api/contract', build: async () => ['GET', `/contract?projectIdx=${P()}`] },
  {
    route: 'POST /api/contract',
    build: async () => ['POST', '/contract', contractTerms(await extraMember())],
  },
  {
    route: 'GET /api/contract/:contractIdx',
    contract: { part: 'view' },
    build: async (o) => ['GET', `/contract/${await contractOf(o, 'awaiting')}`],
  },
  {
    route: 'POST /api/contract/:contractIdx/accept',
    contract: { part: 'professional' },
    build: async (o) => ['POST', `/contract/${await contractOf(o, 'awaiting')}/accept`],
  },
  {
    route: 'POST /api/contract/:contractIdx/decline',
    contract: { part: 'professional' },
    build: async (o) => ['POST', `/contract/${await contractOf(o, 'awaiting')}/decline`, { reason: 'no' }],
  },
  {
    route: 'POST /api/contract/:contractIdx/end',
    contract: { part: 'project' },
    build: async (o) => ['POST', `/contract/${await contractOf(o, 'inProgress')}/end`],
  },
  // Settlements are decided like their contract's parts: seen as the contract, submitted by the
  // professional alone, approved, returned and paid by the hiring side (`project`).
  { route: 'GET /api/settlement', build: async () => ['GET', `/settlement?projectIdx=${P()}&month=202601`] },
  {
    route: 'GET /api/settlement/:settlementIdx',
    contract: { part: 'view' },
    build: async (o) => ['GET', `/settlement/${await settlementOf(o, 'draft')}`],
  },
  {
    route: 'GET /api/settlement/:settlementIdx/export',
    contract: { part: 'view' },
    build: async (o) => ['GET', `/settlement/${await settlementOf(o, 'draft')}/export?format=csv`],
  },
  {
    route: 'POST /api/settlement/:settlementIdx/submit',
    contract: { part: 'professional' },
    build: async (o) => ['POST', `/settlement/${await settlementOf(o, 'draft')}/submit`],
  },
  {
    route: 'POST /api/settlement/:settlementIdx/approve',
    contract: { part: 'project' },
    build: async (o) => ['POST', `/settlement/${await settlementOf(o, 'submitted')}/approve`],
  },
  {
    route: 'POST /api/settlement/:settlementIdx/return',
    contract: { part: 'project' },
    build: async (o) => [
      'POST',
      `/settlement/${await settlementOf(o, 'submitted')}/return`,
      { note: 'again' },
    ],
  },
  {
    route: 'POST /api/settlement/:settlementIdx/pay',
    contract: { part: 'project' },
    build: async (o) => [
      'POST',
      `/settlement/${await settlementOf(o, 'approved')}/pay`,
      { paidDt: '20260105', reference: 'TX' },
    ],
  },
  // Subscriptions and billing
  { route: 'GET /api/subscription', build: async () => ['GET', `/subscription?projectIdx=${P()}`] },
  {
    route: 'POST /api/subscription',
    build: async () => {
      await paidSubscription();
      await freeSubscription();
      return ['POST', '/subscription', { projectIdx: P(), plan: '30D', sheets: 1, currency: 'KRW' }];
    },
  },
  {
    route: 'PATCH /api/subscription/:subscriptionIdx',
    build: async () => ['PATCH', `/subscription/${await paidSubscription()}`, { plan: '12M' }],
  },
  {
    route: 'POST /api/subscription/:subscriptionIdx/sheets',
    build: async () => [
      'POST',
      `/subscription/${await paidSubscription()}/sheets`,
      { direction: 'ADD', count: 1 },
    ],
  },
  {
    route: 'POST /api/subscription/:subscriptionIdx/refund',
    build: async () => ['POST', `/subscription/${await paidSubscription()}/refund`, { mode: 'FULL' }],
  },
  { route: 'GET /api/payment', build: async () => ['GET', `/payment?projectIdx=${P()}`] },
  { route: 'GET /api/coupon', build: async () => ['GET', `/coupon?projectIdx=${P()}`] },
  {
    route: 'POST /api/coupon',
    build: async () => ['POST', '/coupon', { number: await couponNumber(), projectIdx: P() }],
  },
  { route: 'GET /api/webhook', build: async () => ['GET', `/webhook?projectIdx=${P()}`] },
  {
    route: 'POST /api/webhook',
    build: async () => [
      'POST',
      '/webhook',
      { projectIdx: P(), type: 'discord', url: 'http://127.0.0.1:9/x', categories: [], events: [] },
    ],
  },
  {
    route: 'PATCH /api/webhook/:webhookIdx',
    build: async () => ['PATCH', `/webhook/${await webhookOf()}`, { status: 'INACTIVE' }],
  },
  {
    route: 'DELETE /api/webhook/:webhookIdx',
    build: async () => ['DELETE', `/webhook/${await webhookOf()}`],
  },
  {
    route: 'POST /api/webhook/:webhookIdx/test',
    build: async () => ['POST', `/webhook/${await webhookOf()}/test`],
  },
  {
    route: 'POST /api/webhook/:webhookIdx/secret',
    build: async () => ['POST', `/webhook/${await standardHookOf()}/secret`],
  },
  {
    route: 'GET /api/webhook/:webhookIdx/delivery',
    build: async () => ['GET', `/webhook/${await webhookOf()}/delivery`],
  },
  {
    route: 'POST /api/webhook/delivery/:deliveryIdx/retry',
    build: async () => ['POST', `/webhook/delivery/${await failedDeliveryOf()}/retry`],
  },
  { route: 'GET /api/github', build: async () => ['GET', `/github?projectIdx=${P()}`] },
  {
    route: 'POST /api/github/token',
    build: async () => ['POST', '/github/token', { projectIdx: P(), token: GITHUB_TOKEN }],
  },
  { route: 'POST /api/github/oauth', build: async () => ['POST', '/github/oauth', { projectIdx: P() }] },
  {
    route: 'GET /api/github/repos',
    build: async () => (await githubConnected(), ['GET', `/github/repos?projectIdx=${P()}`]),
  },
  {
    route: 'GET /api/github/branches',
    build: async () => (
      await githubConnected(),
      ['GET', `/github/branches?projectIdx=${P()}&repo=acme/shop`]
    ),
  },
  {
    route: 'PUT /api/github',
    build: async () => (
      await githubConnected(),
      ['PUT', '/github', { projectIdx: P(), repo: 'acme/shop', branch: 'main', projectKey: 'MTX' }]
    ),
  },
  {
    route: 'DELETE /api/github',
    build: async () => (await githubConnected(), ['DELETE', `/github?projectIdx=${P()}`]),
  },
  {
    route: 'GET /api/github/sync-log',
    build: async () => (await githubConnected(), ['GET', `/github/sync-log?projectIdx=${P()}`]),
  },
  {
    route: 'POST /api/github/sync',
    build: async () => (await githubConnected(true), ['POST', '/github/sync', { projectIdx: P() }]),
  },
  {
    route: 'GET /api/github/story-links',
    build: async (owner) => ['GET', `/github/story-links?storyIdx=${await storyOf(owner)}`],
  },
  // Documents: each cell's document or folder is fresh, written by the owner (its author).
  { route: 'GET /api/folder', build: async () => ['GET', `/folder?projectIdx=${P()}`] },
  { route: 'POST /api/folder', build: async () => ['POST', '/folder', { projectIdx: P(), name: `F${++n}` }] },
  {
    route: 'PATCH /api/folder/:folderIdx',
    build: async (owner) => ['PATCH', `/folder/${await folderOf(owner)}`, { name: `F${++n}` }],
  },
  {
    route: 'DELETE /api/folder/:folderIdx',
    build: async (owner) => ['DELETE', `/folder/${await folderOf(owner)}`],
  },
  {
    route: 'POST /api/folder/:folderIdx/share',
    build: async (owner) => [
      'POST',
      `/folder/${await folderOf(owner)}/share`,
      { memberIdx: f.client.memberIdx, access: 'view' },
    ],
  },
  {
    route: 'DELETE /api/folder/share/:shareIdx',
    build: async (owner) => {
      const share = await data('POST', `/folder/${await folderOf(owner)}/share`, owner.key, {
        memberIdx: f.client.memberIdx,
        access: 'view',
      });
      return ['DELETE', `/folder/share/${share.shareIdx}`];
    },
  },
  { route: 'GET /api/document', build: async () => ['GET', `/document?projectIdx=${P()}`] },
  {
    route: 'POST /api/document',
    build: async () => ['POST', '/document', { projectIdx: P(), title: `D${++n}` }],
  },
  {
    route: 'GET /api/document/:documentIdx',
    build: async (owner) => ['GET', `/document/${await documentOf(owner)}`],
  },
  {
    route: 'PATCH /api/document/:documentIdx',
    build: async (owner) => ['PATCH', `/document/${await documentOf(owner)}`, { title: `D${++n}` }],
  },
  {
    route: 'DELETE /api/document/:documentIdx',
    build: async (owner) => ['DELETE', `/document/${await documentOf(owner)}`],
  },
  {
    route: 'POST /api/document/:documentIdx/restore',
    build: async (owner) => {
      const documentIdx = await documentOf(owner);
      await data('DELETE', `/document/${documentIdx}`, owner.key);
      return ['POST', `/document/${documentIdx}/restore`];
    },
  },
  {
    route: 'GET /api/document/:documentIdx/version',
    build: async (owner) => ['GET', `/document/${await documentOf(owner)}/version`],
  },
  {
    route: 'GET /api/document/:documentIdx/version/:versionNo',
    build: async (owner) => ['GET', `/document/${await documentOf(owner)}/version/1`],
  },
  {
    route: 'GET /api/document/:documentIdx/export',
    build: async (owner) => ['GET', `/document/${await documentOf(owner)}/export?format=md`],
  },
  {
    route: 'POST /api/document/:documentIdx/share',
    build: async (owner) => [
      'POST',
      `/document/${await documentOf(owner)}/share`,
      { memberIdx: f.client.memberIdx, access: 'view' },
    ],
  },
  {
    route: 'DELETE /api/document/share/:shareIdx',
    build: async (owner) => {
      const share = await data('POST', `/document/${await documentOf(owner)}/share`, owner.key, {
        memberIdx: f.client.memberIdx,
        access: 'view',
      });
      return ['DELETE', `/document/share/${share.shareIdx}`];
    },
  },
  {
    route: 'POST /api/document/:documentIdx/public-link',
    build: async (owner) => ['POST', `/document/${await documentOf(owner)}/public-link`],
  },
  {
    route: 'DELETE /api/document/:documentIdx/public-link',
    build: async (owner) => ['DELETE', `/document/${await documentOf(owner)}/public-link`],
  },
  // AI: a fresh timeline job per cell, uploaded by the owner and finished.
  {
    route: 'POST /api/project/:projectIdx/timeline-by-ai',
    build: async () => ['POST', `/project/${P()}/timeline-by-ai`],
  },
  {
    route: 'POST /api/document/ai',
    build: async () => [
      'POST',
      '/document/ai',
      { projectIdx: P(), type: 'requirements', referenceDt: '20260306' },
    ],
  },
  {
    route: 'GET /api/ai-job/:jobIdx',
    build: async (owner) => ['GET', `/ai-job/${(await aiJobOf(owner)).jobIdx}`],
  },
  {
    route: 'POST /api/ai-job/:jobIdx/apply',
    build: async (owner) => {
      const job = await aiJobOf(owner);
      return ['POST', `/ai-job/${job.jobIdx}/apply`, job.draft];
    },
  },
  {
    route: 'POST /api/ai-job/:jobIdx/cancel',
    build: async (owner) => ['POST', `/ai-job/${(await aiJobOf(owner)).jobIdx}/cancel`],
  },
  // Import: a one-row CSV; GET and undo on a finished import of the owner's.
  {
    route: 'POST /api/project/:projectIdx/import/preview',
    build: async () => ['POST', `/project/${P()}/import/preview`, importBody()],
  },
  {
    route: 'POST /api/project/:projectIdx/import',
    build: async () => ['POST', `/project/${P()}/import`, importBody()],
  },
  {
    route: 'GET /api/import/:importIdx',
    build: async (owner) => ['GET', `/import/${await importOf(owner)}`],
  },
  {
    route: 'POST /api/import/:importIdx/undo',
    build: async (owner) => ['POST', `/import/${await importOf(owner)}/undo`],
  },
];

const PLAN = '# Phase 1\n- Design 2026-03-02 ~ 2026-03-06\n';
function planUpload() {
  const boundary = `----plan${++n}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\n${PLAN}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const importBody = () => ({ source: 'csv', text: `Title,Key\nImported ${++n},K${n}\n` });
/** A finished import of the owner's. */
async function importOf(owner: Person): Promise<number> {
  const { importIdx } = await data('POST', `/project/${P()}/import`, owner.key, importBody());
  for (let i = 0; i < 200; i++) {
    const run = await data('GET', `/import/${importIdx}`, owner.key);
    if (run.state === 'done') return importIdx as number;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`import ${importIdx} did not finish`);
}
/** A finished AI timeline job of the owner's, with its draft. */
async function aiJobOf(owner: Person): Promise<{ jobIdx: number; draft: object }> {
  const form = planUpload();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/project/${P()}/timeline-by-ai`,
    payload: form.payload,
    headers: { ...bearer(owner.key), ...form.headers },
  });
  const { jobIdx } = res.json().data as { jobIdx: number };
  for (let i = 0; i < 200; i++) {
    const job = await data('GET', `/ai-job/${jobIdx}`, owner.key);
    if (job.state === 'done') return job;
    if (job.state !== 'queued' && job.state !== 'running') throw new Error(`AI job ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('AI job did not finish');
}

const folderOf = async (owner: Person) =>
  (await data('POST', '/folder', owner.key, { projectIdx: P(), name: `F${++n}` })).folderIdx as number;
const documentOf = async (owner: Person) =>
  (await data('POST', '/document', owner.key, { projectIdx: P(), title: `D${++n}` })).documentIdx as number;

/** The project connected to the GitHub fake (again, after a DELETE case), with a repository if asked. */
async function githubConnected(withRepo = false) {
  const status = await data('GET', `/github?projectIdx=${P()}`, f.admin.key);
  if (!status.connection)
    await data('POST', '/github/token', f.admin.key, { projectIdx: P(), token: GITHUB_TOKEN });
  if (withRepo && !status.connection?.repo)
    await call('PUT', '/github', f.admin.key, {
      projectIdx: P(),
      repo: 'acme/shop',
      branch: 'main',
      projectKey: 'MTX',
    });
}

/** The answer the table gives: 'ok' or an error code. */
function expected(
  caller: Caller,
  policy: ActionPolicy,
  action: ProjectAction,
  request?: Case['request'],
  contract?: Case['contract'],
  review?: Case['review'],
): string {
  if (caller === 'anonymous') return 'UNAUTHENTICATED';
  if (caller === 'stranger') return policy.by === 'record' ? policy.missing : 'PROJECT_ACCESS_DENIED';
  const me = members[castOf[caller].who as Exclude<Name, 'outsider'>];
  const owner = members[castOf[caller].owner as Exclude<Name, 'outsider'>];
  const subject = { role: me.role, isAdmin: me.isAdmin, projectIdx: 1, memberInProjectIdx: me.mip };
  if (request && policy.by === 'record') {
    // A request is seen by its parties (and whoever the record rule lets answer for them) only.
    const peerIdx = -1;
    const req =
      request.ownerIs === 'sender'
        ? { projectIdx: 1, senderIdx: owner.mip, receiverIdx: peerIdx }
        : { projectIdx: 1, senderIdx: peerIdx, receiverIdx: owner.mip };
    const records = [{ memberInProjectIdx: owner.mip, depth1Idx: owner.lead }];
    if (!can(subject, 'request.view')) return ruleDenial[actionRules['request.view'].rule];
    if (!allows(subject, 'request.view', requestRecord(req, records))) return policy.missing;
    if (!can(subject, action)) return ruleDenial[actionRules[action].rule];
    return allows(subject, action, requestRecord(req, records, request.part)) ? 'ok' : recordDenial;
  }
  if (contract && policy.by === 'record') {
    // A contract (and its settlement) is seen by its professional, their lead and the hiring side only.
    const c = { projectIdx: 1, memberInProjectIdx: owner.mip };
    const records = [{ memberInProjectIdx: owner.mip, depth1Idx: owner.lead }];
    const view: ProjectAction = action.startsWith('settlement.') ? 'settlement.view' : 'contract.view';
    if (!can(subject, view)) return ruleDenial[actionRules[view].rule];
    if (!allows(subject, view, contractRecord(c, records))) return policy.missing;
    if (!can(subject, action)) return ruleDenial[actionRules[action].rule];
    if (contract.part === 'project') return 'ok';
    return allows(subject, action, contractRecord(c, records, contract.part)) ? 'ok' : recordDenial;
  }
  if (review && policy.by === 'record') {
    if (!can(subject, action)) return ruleDenial[actionRules[action].rule];
    const scope = reviewRecord({ projectIdx: 1, reviewerMemberInProjectIdx: owner.mip });
    return allows(subject, action, scope) ? 'ok' : recordDenial;
  }
  if (!can(subject, action)) return ruleDenial[actionRules[action].rule];
  if (actionRules[action].record !== 'own') return 'ok';
  // Fresh stories are pending, unassigned, reported by their owner (assignee routes keep the rule).
  const scope = storyRecord({ projectIdx: 1, status: 'pending', assignees: [], reporterIdx: owner.mip }, [
    { memberInProjectIdx: owner.mip, depth1Idx: owner.lead },
  ]);
  return allows(subject, action, scope) ? 'ok' : recordDenial;
}

const GITHUB_TOKEN = 'ghp_matrix';
// The app is built while the file is collected: the matrix's tests are generated from the policies its
// routes declare, known only once they are registered.
const github: GithubFake = await startGithubFake();
github.tokens.set(GITHUB_TOKEN, 'octo-matrix');
github.repos.push({ fullName: 'acme/shop', defaultBranch: 'main', private: false });
// Webhook cases point at a closed local port (answered at once, no network); GitHub at the fake.
const t: TestApp = await createTestApp({
  config: {
    outboundAllowPrivate: true,
    // Every allowed caller starts an AI job in one project, faster than jobs finish.
    aiOpenJobs: { perProject: 100, perMember: 100 },
    github: {
      apiUrl: github.url,
      webUrl: github.url,
      oauth: { clientId: 'c', clientSecret: 's' },
      timeoutMs: 5_000,
      pollCron: '*/5 * * * *',
    },
  },
});
/** Every registered route with a project action, by `METHOD /api/url`, and its policy. */
const policies = new Map(
  t.app.registeredRoutes.flatMap(({ policy, ...route }) =>
    typeof policy === 'string' ? [] : [[routeKey(route), policy] as const],
  ),
);

beforeAll(async () => {
  f = await planningFixture(t, 'matrix');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
  await github?.close();
});

describe("route × caller matrix (generated from the routes' policies, expected from the action table)", () => {
  it('has a request for every route with a project action', () => {
    const covered = new Set(cases.map((c) => c.route));
    expect([...policies.keys()].filter((key) => !covered.has(key))).toEqual([]);
    expect(cases.filter((c) => !policies.has(c.route)).map((c) => c.route)).toEqual([]);
  });

  for (const c of cases) {
    const policy = policies.get(c.route);
    for (const caller of callers) {
      const answer = policy
        ? expected(caller, policy, c.action ?? policy.action, c.request, c.contract, c.review)
        : 'unknown route';
      const note = [c.action, c.note].filter(Boolean).join(', ');
      it(`${c.route}${note ? ` (${note})` : ''} × ${caller} → ${answer}`, async () => {
        const { who, owner } = cast(caller);
        const [method, builtUrl, body] = await c.build(owner);
        let url = builtUrl;
        let headers: Record<string, string> = who ? bearer(who.key) : {};
        let payload: object | Buffer | undefined = body;
        // Destructive project routes act on a fresh project with the same cast.
        if (
          c.route === 'DELETE /api/project/:projectIdx' ||
          c.route === 'POST /api/project/:projectIdx/restore'
        ) {
          const g = await freshProject();
          const same = {
            [f.admin.key]: g.admin,
            [f.lead.key]: g.lead,
            [f.dev.key]: g.dev,
            [f.solo.key]: g.solo,
            [f.client.key]: g.client,
          } as Record<string, Person>;
          if (who && same[who.key]) headers = bearer(same[who.key]!.key);
          if (c.route.startsWith('POST')) {
            await call('DELETE', `/project/${g.projectA}`, g.admin.key, { confirmName: 'A' });
            url = `/project/${g.projectA}/restore`;
          } else {
            url = `/project/${g.projectA}`;
            payload = { confirmName: 'A' };
          }
        }
        if (c.route === 'POST /api/file/:id/media') {
          const form = imageMultipart();
          payload = form.payload;
          headers = { ...headers, ...form.headers };
        }
        if (c.route === 'POST /api/project/:projectIdx/timeline-by-ai') {
          const form = planUpload();
          payload = form.payload;
          headers = { ...headers, ...form.headers };
        }
        if (c.route === 'POST /api/file') {
          const form = multipart(P());
          payload = form.payload;
          headers = { ...headers, ...form.headers };
        }
        const res = await t.app.inject({ method: method as 'GET', url: `/api${url}`, payload, headers });
        if (answer === 'ok') expect(res.statusCode, res.body).toBeLessThan(300);
        else {
          expect(res.json().error.code).toBe(answer);
          expect(res.statusCode, res.body).toBe(errorStatus[answer as ErrorCode]);
        }
      });
    }
  }
});

/**
 * GET /api/search is `authenticated` (it spans the caller's projects), so the table decides inside
 * it: each caller finds a record of project A exactly when the action that opens its kind allows
 * them (`can`), and a request only when its record rule does (`allows` with `requestRecord`).
 */
describe('GET /api/search × caller (expected from the action table)', () => {
  const found = async (caller: Caller, q: string) => {
    const { who } = cast(caller);
    const res = await call('GET', `/search?q=${encodeURIComponent(q)}`, who?.key);
    if (!who) return res.json().error.code as string;
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { kind: string; idx: number }[]).map((h) => `${h.kind}:${h.idx}`);
  };
  const subject = (caller: Caller) => {
    const name = castOf[caller].who;
    return name && name !== 'outsider' ? members[name] : null;
  };

  for (const caller of callers) {
    it(`a story, a milestone and an epic × ${caller}`, async () => {
      const word = `Matrixsearch${++n}`;
      const storyIdx = (
        await data('POST', '/story', f.dev.key, { projectIdx: f.projectA, title: `${word} story` })
      ).storyIdx as number;
      const milestoneIdx = (
        await data('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title: `${word} milestone` })
      ).milestoneIdx as number;
      const epicIdx = (
        await data('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: `${word} epic` })
      ).epicIdx as number;
      const hits = await found(caller, word);
      // The project holds at most 30 epics and the other blocks make theirs: give the slot back.
      expect((await call('DELETE', `/epic/${epicIdx}`, f.admin.key)).statusCode).toBeLessThan(300);
      if (caller === 'anonymous') return expect(hits).toBe('UNAUTHENTICATED');
      const m = subject(caller);
      const expectedHits = [
        ...(can(m, 'planning.view') ? [`story:${storyIdx}`, `milestone:${milestoneIdx}`] : []),
        ...(can(m, 'epic.view') ? [`epic:${epicIdx}`] : []),
      ];
      expect([...(hits as string[])].sort()).toEqual(expectedHits.sort());
    });

    it(`a request between dev and solo × ${caller}`, async () => {
      const word = `Matrixrequest${++n}`;
      const res = await call('POST', '/request', f.dev.key, {
        projectIdx: f.projectA,
        receiverIdx: f.solo.mip,
        title: `${word} please`,
        dueDt: '20991231',
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const requestIdx = res.json().data.requestIdx as number;
      const hits = await found(caller, word);
      if (caller === 'anonymous') return expect(hits).toBe('UNAUTHENTICATED');
      const m = subject(caller);
      const scope = requestRecord(
        { projectIdx: 1, senderIdx: members.dev.mip, receiverIdx: members.solo.mip },
        Object.values(members).map((x) => ({ memberInProjectIdx: x.mip, depth1Idx: x.lead })),
      );
      const sees = m
        ? allows(
            { projectIdx: 1, memberInProjectIdx: m.mip, role: m.role, isAdmin: m.isAdmin },
            'request.view',
            scope,
          )
        : false;
      expect(hits).toEqual(sees ? [`request:${requestIdx}`] : []);
    });
  }
});
