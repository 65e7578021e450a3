/**
 * The calls that need a factor proven in the last STEP_UP_SECONDS (10 minutes) on top of their
 * policy (`route-policy.ts`): money (a card, a refund), who may act (roles), where project data goes
 * (webhooks, GitHub) and how one signs in (password, factors, the project's two-factor setting, a
 * personal access token). A token caller never reaches them: no token area lists them.
 * Older proofs get 403 STEP_UP_REQUIRED (`plugins/step-up.ts`); the web app asks for the factor
 * and retries. `step-up.test.ts` lists them and checks each refuses a stale login. The e-mail of
 * an account cannot be changed (there is no route), so it needs no entry.
 */
export const stepUpRoutes: readonly string[] = [
  'POST /api/card',
  'POST /api/subscription/:subscriptionIdx/refund',
  'PATCH /api/member-in-project/:memberInProjectIdx',
  'POST /api/webhook',
  'PATCH /api/webhook/:webhookIdx',
  'DELETE /api/webhook/:webhookIdx',
  'POST /api/webhook/:webhookIdx/secret',
  'POST /api/github/token',
  'POST /api/github/oauth',
  'PUT /api/github',
  'DELETE /api/github',
  'PATCH /api/member/password',
  'POST /api/two-factor/totp',
  'DELETE /api/two-factor/totp',
  'POST /api/two-factor/recovery-codes',
  'POST /api/two-factor/passkey/options',
  'DELETE /api/two-factor/passkey/:passkeyIdx',
  'PUT /api/project/:projectIdx/two-factor',
  'POST /api/member/token',
];
