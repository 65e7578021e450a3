import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, call, recordsOf, verify } from '../../test/audit-support.js';
import { startGithubFake, type GithubFake } from '../../test/github-fake.js';
import { planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit } from '../../test/settlement-fixture.js';
import {
  browserCookieOf,
  createProject,
  createTestApp,
  latestLink,
  PASSWORD,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { twoFactorHelpers } from '../../test/two-factor.js';
import { sha256 } from '../../shared/crypto.js';
import { sandboxCards } from '../billing/gateway/sandbox.js';
import { auditSentence, FORMER_MEMBER_NICKNAME } from '@teamline/contract';

/**
 * Every event the audit log promises, done through the API as a browser at CLIENT: each is recorded
 * with its actor, the account or project it concerns, the client's address and browser, and what
 * changed. The chain verifies at the end.
 */
describe('what the audit log records', () => {
  let t: TestApp;
  let f: PlanningFixture;
  let req: ReturnType<typeof call>;
  let gh: GithubFake;

  beforeAll(async () => {
    gh = await startGithubFake();
    t = await createTestApp({
      config: {
        outboundAllowPrivate: true,
        // An issuer nobody answers at: a forged state is refused before the issuer is asked.
        oidc: {
          issuer: 'http://127.0.0.1:9',
          clientId: 'teamline',
          clientSecret: 'secret',
          allowedDomains: [],
          timeoutMs: 1_000,
        },
        github: {
          apiUrl: gh.url,
          webUrl: gh.url,
          oauth: null,
          timeoutMs: 5_000,
          pollCron: '*/5 * * * *',
        },
      },
    });
    f = await planningFixture(t, 'wire');
    req = call(t);
  });
  afterAll(async () => {
    await t?.close();
    await gh?.close();
  });

  /** The newest record of a kind, checked for the request's address and browser. */
  async function newest(kind: string) {
    const record = (await recordsOf(t, kind)).at(-1);
    expect(record, `a ${kind} record`).toBeDefined();
    expect(record).toMatchObject({ ip: CLIENT.remoteAddress, userAgent: CLIENT.userAgent });
    return record!;
  }

  it('sign-in: success, a wrong password and an unknown address (hashed, never as typed)', async () => {
    const credentials = { email: f.dev.email, password: PASSWORD };
    const ok = await req('POST', '/auth/login/general', undefined, credentials);
    expect(ok.statusCode).toBe(201);
    // A browser none of the account's sessions came from (it also got the new-browser mail).
    expect(await newest('account.signed_in_new_browser')).toMatchObject({
      actorIdx: f.dev.memberIdx,
      memberIdx: f.dev.memberIdx,
      projectIdx: null,
      changes: { method: 'password' },
    });
    // The same browser again, with the device mark it was given, is an ordinary sign-in.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/general',
      payload: credentials,
      remoteAddress: CLIENT.remoteAddress,
      headers: { 'user-agent': CLIENT.userAgent, cookie: browserCookieOf(ok) },
    });
    expect(again.statusCode).toBe(201);
    expect(await newest('account.signed_in')).toMatchObject({
      actorIdx: f.dev.memberIdx,
      memberIdx: f.dev.memberIdx,
      projectIdx: null,
      changes: { method: 'password' },
    });

    const wrong = await req('POST', '/auth/login/general', undefined, {
      email: f.dev.email,
      password: 'not-the-password',
    });
    expect(wrong.json().error.code).toBe('AUTH_INCORRECT_PASSWORD');
    const failed = await newest('account.sign_in_failed');
    expect(failed).toMatchObject({
      actorIdx: null,
      memberIdx: f.dev.memberIdx,
      changes: { method: 'password', reason: 'AUTH_INCORRECT_PASSWORD', emailHash: sha256(f.dev.email) },
    });
    expect(JSON.stringify(failed)).not.toContain('not-the-password');

    const typed = 'Nobody@Example.com ';
    await req('POST', '/auth/login/general', undefined, { email: typed, password: 'x' });
    const unknown = await newest('account.sign_in_failed');
    expect(unknown).toMatchObject({
      actorIdx: null,
      memberIdx: null,
      changes: { reason: 'AUTH_NO_ACCOUNT', emailHash: sha256('nobody@example.com') },
    });
    expect(JSON.stringify(unknown)).not.toMatch(/nobody@example\.com/i);
    // The account's owner sees the failed attempt in their own log; nobody sees the unknown one.
    const own = (await req('GET', '/audit/me?kind=account.sign_in_failed', f.dev.key)).json().data;
    expect(own.total).toBe(1);
  });

  it('an outside sign-in refused (a forged state) is recorded as such', async () => {
    const res = await req('POST', '/auth/login', undefined, {
      provider: 'google',
      code: 'c',
      state: 'forged-state',
    });
    expect(res.json().error.code).toBe('OAUTH_STATE_INVALID');
    expect(await newest('account.sign_in_failed')).toMatchObject({
      changes: { method: 'oidc', reason: 'OAUTH_STATE_INVALID' },
    });
  });

  it('password change and reset by the e-mail link', async () => {
    const s = await signUp(t, 'wire-pw@example.com');
    const changed = await req('PATCH', '/member/password', s.key, {
      currentPassword: PASSWORD,
      password: 'another-horse-2',
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(await newest('account.password_changed')).toMatchObject({
      actorIdx: s.memberIdx,
      memberIdx: s.memberIdx,
    });

    await req('POST', '/member/find/password', undefined, { email: s.email });
    const { token } = await latestLink(t.config, s.email);
    const reset = await req('POST', '/member/password/reset', undefined, {
      token,
      password: 'third-horse-3',
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    expect(await newest('account.password_reset')).toMatchObject({ actorIdx: null, memberIdx: s.memberIdx });
  });

  it('invitation sent, revoked and accepted; role change, removal and leaving', async () => {
    const invitee = await signUp(t, 'wire-invitee@example.com');
    const sent = await req('POST', '/member-in-project/invite', f.admin.key, {
      projectIdx: f.projectA,
      email: invitee.email,
      role: 'client',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const invited = await newest('member.invited');
    expect(invited).toMatchObject({
      actorIdx: f.admin.memberIdx,
      memberIdx: invitee.memberIdx,
      projectIdx: f.projectA,
      targetType: 'invite',
      changes: { email: invitee.email, role: 'client' },
    });
    const revoked = await req(
      'DELETE',
      `/member-in-project/invite/${sent.json().data.inviteIdx}`,
      f.admin.key,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await newest('member.invitation_revoked')).toMatchObject({
      targetIdx: sent.json().data.inviteIdx,
      changes: { email: invitee.email },
    });

    await req('POST', '/member-in-project/invite', f.admin.key, {
      projectIdx: f.projectA,
      email: invitee.email,
      role: 'depth2',
    });
    const { token } = await latestLink(t.config, invitee.email);
    const accepted = await req('POST', '/member-in-project/invite/accept', invitee.key, { token });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    const joined = await newest('member.joined');
    expect(joined).toMatchObject({
      actorIdx: invitee.memberIdx,
      memberIdx: invitee.memberIdx,
      projectIdx: f.projectA,
      changes: { role: 'depth2' },
    });
    const mip = accepted.json().data.memberInProjectIdx as number;

    await req('PATCH', `/member-in-project/${mip}`, f.admin.key, { isAdmin: true });
    expect(await newest('member.role_changed')).toMatchObject({
      changes: { isAdmin: { from: false, to: true } },
    });
    await req('PATCH', `/member-in-project/${mip}`, f.admin.key, { isAdmin: false });

    const removed = await req('DELETE', `/member-in-project/${f.solo.mip}`, f.admin.key);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await newest('member.removed')).toMatchObject({
      actorIdx: f.admin.memberIdx,
      memberIdx: f.solo.memberIdx,
      projectIdx: f.projectA,
    });
    const left = await req('DELETE', `/member-in-project/${mip}`, invitee.key);
    expect(left.statusCode, left.body).toBe(200);
    expect(await newest('member.left')).toMatchObject({
      actorIdx: invitee.memberIdx,
      memberIdx: invitee.memberIdx,
    });
  });

  it('withdrawal: the account and every project it leaves', async () => {
    const s = await signUp(t, 'wire-gone@example.com');
    const projectIdx = (await req('POST', '/project', f.admin.key, { name: 'W', isClient: false })).json()
      .data.projectIdx as number;
    await t.app.services.membershipRepo.addMember({ projectIdx, memberIdx: s.memberIdx, role: 'depth2' });
    const gone = await req('DELETE', '/member', s.key, { password: PASSWORD });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await newest('account.withdrawn')).toMatchObject({
      actorIdx: s.memberIdx,
      memberIdx: s.memberIdx,
    });
    expect(await newest('member.left')).toMatchObject({ memberIdx: s.memberIdx, projectIdx });
    // The log names the withdrawn account as it is now: anonymised.
    const log = (await req('GET', `/audit?projectIdx=${projectIdx}&kind=member.left`, f.admin.key)).json()
      .data;
    expect(log.items[0].member).toEqual({ memberIdx: s.memberIdx, nickname: FORMER_MEMBER_NICKNAME });
    expect(auditSentence(log.items[0], (key) => key, 'en')).not.toContain('wire-gone');
    const csv = await req(
      'GET',
      `/audit/export?projectIdx=${projectIdx}&kind=member.left&lang=en`,
      f.admin.key,
    );
    expect(csv.body).toContain('Former member left the project');
  });

  it('cards registered and removed, in the account’s own log', async () => {
    const card = {
      cardNumber: sandboxCards.ok,
      expiry: '1239',
      isCorporate: false,
      birth: '900101',
      password: '47',
      cvv: '913',
      ownerName: 'Kim Tester',
    };
    const added = await req('POST', '/card', f.lead.key, card);
    expect(added.statusCode, added.body).toBeLessThan(300);
    const registered = await newest('card.registered');
    expect(registered).toMatchObject({
      actorIdx: f.lead.memberIdx,
      memberIdx: f.lead.memberIdx,
      projectIdx: null,
      changes: { brand: expect.any(String), last4: '4242' },
    });
    // The chain's hashes and the timestamp are random-looking digits ("…569913f7…", ".913Z"):
    // the secrets are looked for in what the record says, not in them.
    expect(registered.changes).toEqual({ brand: expect.any(String), last4: '4242' });
    const { hash: _hash, prevHash: _prevHash, occurredAt: _at, ...said } = registered;
    for (const secret of [sandboxCards.ok, card.cvv, card.birth]) {
      expect(JSON.stringify(said)).not.toContain(secret);
    }
    const removed = await req('DELETE', `/card/${added.json().data.cardIdx}`, f.lead.key);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await newest('card.removed')).toMatchObject({ changes: { last4: '4242' } });
    const own = (await req('GET', '/audit/me?kind=card', f.lead.key)).json().data;
    expect(own.items.map((r: { kind: string }) => r.kind)).toEqual(['card.removed', 'card.registered']);
  });

  it('subscription: subscribe, sheets, plan change and cancel, refund — with amounts', async () => {
    await req('POST', '/card', f.admin.key, {
      cardNumber: sandboxCards.ok,
      expiry: '1239',
      isCorporate: false,
      birth: '900101',
      password: '47',
      cvv: '913',
      ownerName: 'Kim Tester',
    });
    const subscribed = await req('POST', '/subscription', f.admin.key, {
      projectIdx: f.projectA,
      plan: '30D',
      sheets: 1,
      currency: 'KRW',
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const subscriptionIdx = subscribed.json().data.subscription.subscriptionIdx as number;
    expect(await newest('subscription.subscribed')).toMatchObject({
      actorIdx: f.admin.memberIdx,
      projectIdx: f.projectA,
      targetIdx: subscriptionIdx,
      changes: { plan: '30D', sheets: 1, amount: 10_000, currency: 'KRW' },
    });

    const added = await req('POST', `/subscription/${subscriptionIdx}/sheets`, f.admin.key, {
      direction: 'ADD',
      count: 2,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await newest('subscription.sheets_added')).toMatchObject({
      changes: { count: 2, sheets: { from: 1, to: 3 }, amount: added.json().data.payment.amount },
    });

    await req('PATCH', `/subscription/${subscriptionIdx}`, f.admin.key, {
      plan: '12M',
      cancelAtPeriodEnd: true,
    });
    expect(await newest('subscription.changed')).toMatchObject({
      changes: { plan: { from: '30D', to: '12M' }, cancelAtPeriodEnd: { from: false, to: true } },
    });

    const refunded = await req('POST', `/subscription/${subscriptionIdx}/refund`, f.admin.key, {
      mode: 'FULL',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Every charge of the period comes back, each as its own refund: the subscription and the added sheets.
    const refunds = (await recordsOf(t, 'subscription.refunded')).filter(
      (r) => r.targetIdx === subscriptionIdx,
    );
    expect(refunds.map((r) => r.changes)).toEqual([
      expect.objectContaining({ mode: 'FULL', amount: 10_000, currency: 'KRW' }),
      expect.objectContaining({ mode: 'FULL', amount: added.json().data.payment.amount, currency: 'KRW' }),
    ]);
  });

  it('settlement approved, paid and its statement downloaded', async () => {
    const kit = settlementKit(t, f, 'wire');
    const pro = await kit.professional();
    const contractIdx = await kit.contractFor(pro, { startDt: '20250101' });
    await kit.logTime(pro, '20250110', 480);
    const s = await kit.settlementOf(contractIdx, '202501');
    await kit.moved(pro, s.settlementIdx, 'submit');
    await req('POST', `/settlement/${s.settlementIdx}/approve`, f.admin.key);
    expect(await newest('settlement.approved')).toMatchObject({
      actorIdx: f.admin.memberIdx,
      memberIdx: pro.memberIdx,
      projectIdx: f.projectA,
      targetIdx: s.settlementIdx,
      changes: { month: '202501', amount: expect.any(Number), currency: 'KRW' },
    });
    await req('POST', `/settlement/${s.settlementIdx}/pay`, f.admin.key, {
      paidDt: '20250205',
      reference: 'TX-9',
    });
    expect(await newest('settlement.paid')).toMatchObject({ memberIdx: pro.memberIdx });
    const csv = await req('GET', `/settlement/${s.settlementIdx}/export?format=csv`, pro.key);
    expect(csv.statusCode).toBe(200);
    expect(await newest('settlement.exported')).toMatchObject({
      actorIdx: pro.memberIdx,
      memberIdx: pro.memberIdx,
      changes: { month: '202501', format: 'csv' },
    });
  });

  it('webhook created, changed and deleted, keeping the address’s host only', async () => {
    const created = await req('POST', '/webhook', f.admin.key, {
      projectIdx: f.projectA,
      type: 'slack',
      url: 'http://127.0.0.1:9/services/T000/B000/SECRETPART',
      name: 'Team chat',
      categories: ['story'],
      events: ['new'],
      language: 'en',
    });
    expect(created.statusCode, created.body).toBe(201);
    const webhookIdx = created.json().data.webhookIdx as number;
    const made = await newest('webhook.created');
    expect(made).toMatchObject({ targetIdx: webhookIdx, changes: { name: 'Team chat', url: '127.0.0.1:9' } });
    expect(JSON.stringify(made)).not.toContain('SECRETPART');
    await req('PATCH', `/webhook/${webhookIdx}`, f.admin.key, { status: 'INACTIVE', name: 'Old chat' });
    expect(await newest('webhook.updated')).toMatchObject({
      changes: { name: { from: 'Team chat', to: 'Old chat' }, status: { from: 'ACTIVE', to: 'INACTIVE' } },
    });
    await req('DELETE', `/webhook/${webhookIdx}`, f.admin.key);
    expect(await newest('webhook.deleted')).toMatchObject({ changes: { name: 'Old chat' } });
  });

  it('budgets set, changed and removed, with what they are of and their amount; the same values again are no record', async () => {
    const url = `/project/${f.projectA}/budget`;
    const put = (body: object) => req('PUT', url, f.admin.key, body);
    expect((await put({ amount: 5_000_000, currency: 'KRW' })).statusCode).toBe(200);
    const made = await newest('budget.set');
    expect(made).toMatchObject({
      actorIdx: f.admin.memberIdx,
      projectIdx: f.projectA,
      targetType: 'budget',
      changes: { scope: 'project', milestoneIdx: null, amount: 5_000_000, currency: 'KRW', period: 'total' },
    });
    expect((await put({ amount: 5_000_000, currency: 'KRW' })).statusCode).toBe(200);
    expect(await recordsOf(t, 'budget.set')).toHaveLength(1);
    expect((await put({ amount: 700_000, currency: 'KRW', period: 'month' })).statusCode).toBe(200);
    const changed = await newest('budget.set');
    expect(changed).toMatchObject({ changes: { amount: 700_000, period: 'month', revision: 2 } });
    const sentences = async (lang: string) =>
      (await req('GET', `/audit/export?projectIdx=${f.projectA}&kind=budget&lang=${lang}`, f.admin.key)).body;
    expect(await sentences('en')).toContain('set the budget of the project to ₩700,000 (per month)');
    expect(await sentences('kr')).toContain('프로젝트의 예산을 700,000원(으)로 정했습니다 (월별)');
    const milestone = await req('POST', '/milestone', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Beta launch',
    });
    const milestoneIdx = milestone.json().data.milestoneIdx as number;
    expect((await put({ milestoneIdx, amount: 120_000, currency: 'USD' })).statusCode).toBe(200);
    expect(await newest('budget.set')).toMatchObject({ changes: { scope: 'Beta launch', milestoneIdx } });
    expect((await req('DELETE', `${url}?milestoneIdx=${milestoneIdx}`, f.admin.key)).statusCode).toBe(200);
    expect(await newest('budget.removed')).toMatchObject({
      changes: { scope: 'Beta launch', amount: 120_000, currency: 'USD' },
    });
  });

  it('GitHub connected and disconnected', async () => {
    gh.tokens.set('ghp_wire', 'octo-wire');
    const connected = await req('POST', '/github/token', f.admin.key, {
      projectIdx: f.projectA,
      token: 'ghp_wire',
    });
    expect(connected.statusCode, connected.body).toBeLessThan(300);
    const record = await newest('github.connected');
    expect(record).toMatchObject({
      actorIdx: f.admin.memberIdx,
      projectIdx: f.projectA,
      changes: { account: 'octo-wire', authKind: 'token' },
    });
    expect(JSON.stringify(record)).not.toContain('ghp_wire');
    const gone = await req('DELETE', `/github?projectIdx=${f.projectA}`, f.admin.key);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await newest('github.disconnected')).toMatchObject({ changes: { account: 'octo-wire' } });
  });

  it('a document’s public link made and revoked', async () => {
    const doc = await req('POST', '/document', f.dev.key, { projectIdx: f.projectA, title: 'Spec' });
    expect(doc.statusCode, doc.body).toBeLessThan(300);
    const documentIdx = doc.json().data.documentIdx as number;
    const link = await req('POST', `/document/${documentIdx}/public-link`, f.dev.key);
    expect(link.statusCode, link.body).toBeLessThan(300);
    const made = await newest('document.link_created');
    expect(made).toMatchObject({
      actorIdx: f.dev.memberIdx,
      targetIdx: documentIdx,
      changes: { title: 'Spec' },
    });
    expect(JSON.stringify(made)).not.toContain(link.json().data.token);
    await req('DELETE', `/document/${documentIdx}/public-link`, f.admin.key);
    expect(await newest('document.link_revoked')).toMatchObject({ actorIdx: f.admin.memberIdx });
  });

  it('two-factor: a factor added, a wrong code at sign-in, new recovery codes, a factor removed', async () => {
    const s = await signUp(t, 'wire-2fa@example.com');
    const { code } = twoFactorHelpers(t);
    const { secret } = (await req('POST', '/two-factor/totp', s.key)).json().data;
    const confirmed = await req('POST', '/two-factor/totp/confirm', s.key, { code: code(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const added = await newest('account.second_factor_added');
    expect(added).toMatchObject({
      actorIdx: s.memberIdx,
      memberIdx: s.memberIdx,
      changes: { method: 'totp' },
    });
    expect(JSON.stringify(added)).not.toContain(secret);

    const password = await req('POST', '/auth/login/general', undefined, {
      email: s.email,
      password: PASSWORD,
    });
    const { challengeToken } = password.json().error.details;
    const wrong = await req('POST', '/auth/login/second-factor', undefined, {
      challengeToken,
      method: 'totp',
      code: '000000',
    });
    expect(wrong.json().error.code).toBe('SECOND_FACTOR_INVALID');
    expect(await newest('account.sign_in_failed')).toMatchObject({
      actorIdx: null,
      memberIdx: s.memberIdx,
      changes: { method: 'totp', reason: 'SECOND_FACTOR_INVALID' },
    });

    const renewed = await req('POST', '/two-factor/recovery-codes', s.key);
    expect(renewed.statusCode, renewed.body).toBe(201);
    const codes = await newest('account.recovery_codes_renewed');
    for (const one of renewed.json().data.recoveryCodes as string[])
      expect(JSON.stringify(codes)).not.toContain(one);

    const removed = await req('DELETE', '/two-factor/totp', s.key);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await newest('account.second_factor_removed')).toMatchObject({ changes: { method: 'totp' } });
  });

  it("a project's two-factor rule, on and off, with what it was", async () => {
    const s = await signUp(t, 'wire-rule@example.com');
    const projectIdx = await createProject(t, s.key, 'Rules');
    await twoFactorHelpers(t).enableTotp(s.key);
    const on = await req('PUT', `/project/${projectIdx}/two-factor`, s.key, { required: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await newest('project.two_factor_changed')).toMatchObject({
      actorIdx: s.memberIdx,
      projectIdx,
      changes: { twoFactorRequired: { from: false, to: true } },
    });
    await req('PUT', `/project/${projectIdx}/two-factor`, s.key, { required: false });
    expect(await newest('project.two_factor_changed')).toMatchObject({
      changes: { twoFactorRequired: { from: true, to: false } },
    });
    // Saying it again changes nothing and records nothing.
    await req('PUT', `/project/${projectIdx}/two-factor`, s.key, { required: false });
    expect(await recordsOf(t, 'project.two_factor_changed')).toHaveLength(2);
  });

  it('sessions signed out from the devices page, and an archive of my data asked for', async () => {
    const s = await signUp(t, 'wire-devices@example.com');
    const second = await req('POST', '/auth/login/general', undefined, {
      email: s.email,
      password: PASSWORD,
    });
    const third = await req('POST', '/auth/login/general', undefined, { email: s.email, password: PASSWORD });
    const sessions = (await req('GET', '/member/sessions', s.key)).json().data as {
      sessionId: string;
      current: boolean;
    }[];
    expect(sessions).toHaveLength(3);
    const other = sessions.find((one) => !one.current)!;
    expect((await req('DELETE', `/member/sessions/${other.sessionId}`, s.key)).statusCode).toBe(200);
    expect(await newest('account.sessions_signed_out')).toMatchObject({
      actorIdx: s.memberIdx,
      memberIdx: s.memberIdx,
      changes: { count: 1 },
    });
    const rest = await req('DELETE', '/member/sessions/others', s.key);
    expect(rest.json().data.count).toBe(1);
    expect(await newest('account.sessions_signed_out')).toMatchObject({ changes: { count: 1 } });
    expect([second.statusCode, third.statusCode]).toEqual([201, 201]);

    const asked = await req('POST', '/member/export', s.key);
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    expect(await newest('account.data_exported')).toMatchObject({
      actorIdx: s.memberIdx,
      memberIdx: s.memberIdx,
    });
    // A second request while the first runs is refused, and not recorded.
    expect((await req('POST', '/member/export', s.key)).json().error.code).toBe('MEMBER_EXPORT_RUNNING');
    expect(
      (await recordsOf(t, 'account.data_exported')).filter((r) => r.memberIdx === s.memberIdx),
    ).toHaveLength(1);
  });

  it('the chain verifies after all of it', async () => {
    expect(await verify(t)).toMatchObject({ ok: true });
  });
});
