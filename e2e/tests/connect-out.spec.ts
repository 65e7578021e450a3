import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ical, { type ParameterValue, type VEvent } from 'node-ical';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { expectNoA11yViolations } from '../support/axe.js';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';
import { dayCode } from '../support/project-fixture.js';

/**
 * "Connect out" (issue 34), each part as a user meets it in the built app: a personal access token
 * made in Profile › Access tokens and used by a script (docs/product/api.md#access-tokens), a
 * Standard Webhooks hook whose deliveries a receiver verifies with the reference library
 * (docs/product/notifications-and-webhooks.md#standard-webhooks), and a calendar address read by a
 * calendar parser (docs/product/integrations.md#calendar-feeds). Data the UI is not about is made by API.
 */

// The secret dialogs' Copy buttons write to the clipboard; the test reads it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** A property's text as node-ical gives it: a string, or `{ val, params }` when it has parameters. */
const text = (value: ParameterValue | undefined) => (typeof value === 'string' ? value : (value?.val ?? ''));

/**
 * Widens a phone-width page to a desktop's: the left menu's labels become hover tooltips, and must be
 * hidden from the first frame they are tooltips (they used to fade out over 120 ms, all eight showing
 * over the page: axe found their half-transparent text, depending on when it ran). The opacity is read
 * in the page on the frame the menu changes, so the check does not depend on timing.
 */
async function widen(page: Page) {
  const opacity = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const look = () => {
          const tooltip = document.querySelector('.left-menu__tooltip');
          if (tooltip) resolve(getComputedStyle(tooltip).opacity);
          else requestAnimationFrame(look);
        };
        look();
      }),
  );
  await page.setViewportSize(desktop);
  expect(await opacity, 'a menu tooltip right after widening').toBe('0');
}

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** A call made by a script with a token, not by the signed-in browser: its status and error code. */
async function callWithToken(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: object,
) {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  const body = (await response.json().catch(() => ({}))) as {
    data?: unknown;
    error?: { code: string; details?: { needed?: string | null } };
  };
  return { status: response.status(), body };
}

test('a member makes an access token, a script reads with it, is refused outside its scope, and revoking stops it', async ({
  page,
  request,
}) => {
  const member = newUser('pat');
  const { key } = await signUpByApi(request, member);
  const { projectIdx } = await createProjectByApi(request, key, 'Token shop');
  await apiAs(request, key, 'POST', '/milestone', { projectIdx, title: 'Token launch', endDt: dayCode(10) });
  // Signing in proves the password: making a token needs a factor proven in the last 10 minutes,
  // and this fresh login is that proof (the step-up dialog itself is two-factor.spec.ts's subject).
  await logIn(page, member);
  // axe checks the page with the dialog open and closed at phone width (here, list empty) and on a
  // desktop (below, with the new token listed).
  await page.setViewportSize(phone);
  await page.goto('/#/profile');
  const section = page.getByTestId('access-tokens-section');
  await expect(section.getByTestId('access-tokens-empty')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'New access token' });

  let secret = '';
  await test.step('create a planning-read token; its secret is shown once and copied', async () => {
    await expectNoA11yViolations(page, 'access tokens (phone)');
    await section.getByTestId('access-token-create').click();
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, 'new access token dialog (phone)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await widen(page);
    await section.getByTestId('access-token-create').click();
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, 'new access token dialog (desktop)');
    // Nothing filled in is refused on the form, before any call.
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one scope.')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill('CI timeline export');
    await dialog.getByRole('checkbox', { name: 'Planning Read' }).check();
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your new token' });
    await expect(shown).toBeVisible();
    secret = (await shown.getByTestId('token-secret').textContent())!.trim();
    expect(secret).toMatch(/^tl_pat_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('The token was copied.')).toBeVisible();
    expect(await clipboardText(page)).toBe(secret);
    await expectNoA11yViolations(page, 'new token secret (desktop)');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    const row = section.getByTestId('access-token-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('CI timeline export');
    await expect(row).toContainText(secret.slice(0, 11));
    await expect(row).toContainText('Planning Read');
    await expect(row).toContainText('Never used');
    // The secret is nowhere on the page once its dialog is closed.
    await expect(page.getByText(secret)).toHaveCount(0);
    await expectNoA11yViolations(page, 'access tokens (desktop)');
  });

  await test.step('the token reads the timeline, and a write outside its scope is refused', async () => {
    const read = await callWithToken(request, secret, 'GET', `/milestone/timeline?projectIdx=${projectIdx}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(JSON.stringify(read.body.data)).toContain('Token launch');
    const write = await callWithToken(request, secret, 'POST', '/milestone', {
      projectIdx,
      title: 'Not allowed',
    });
    expect(write.status).toBe(403);
    expect(write.body.error?.code).toBe('TOKEN_SCOPE_DENIED');
    expect(write.body.error?.details?.needed).toBe('planning:write');
    // Nor the account's own settings: a token never reaches the token list.
    const tokens = await callWithToken(request, secret, 'GET', '/member/token');
    expect(tokens.status).toBe(403);
    expect(tokens.body.error?.code).toBe('TOKEN_SCOPE_DENIED');
  });

  await test.step('the list shows the last use; revoking in the page stops the token at once', async () => {
    await page.reload();
    const row = section.getByTestId('access-token-row');
    await expect(row).toContainText(/Last used .+ from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
    await row.getByRole('button', { name: 'Revoke CI timeline export' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Revoke the token "CI timeline export"?');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('The token was revoked.')).toBeVisible();
    await expect(section.getByTestId('access-tokens-empty')).toBeVisible();
    const after = await callWithToken(request, secret, 'GET', `/milestone/timeline?projectIdx=${projectIdx}`);
    expect(after.status).toBe(401);
    expect(after.body.error?.code).toBe('ACCESS_TOKEN_INVALID');
  });
});

/** A Standard Webhooks receiver on this machine: keeps every request and answers 204. */
async function standardReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/teamline`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('an admin adds a Standard Webhooks hook; a story made in the timeline arrives signed and is logged as delivered', async ({
  page,
  request,
}) => {
  const receiver = await standardReceiver();
  try {
    const admin = newUser('stdhook');
    const { key } = await signUpByApi(request, admin);
    const { projectIdx } = await createProjectByApi(request, key, 'Signed shop');
    await apiAs(request, key, 'POST', '/milestone', { projectIdx, title: 'Sprint A', endDt: dayCode(14) });
    await logIn(page, admin);
    await page.goto(`/#/setting?idx=${projectIdx}&tab=webhooks`);
    await page.getByTestId('settings-tab-webhooks').click();

    let secret = '';
    await test.step('the hook is added for new stories and its secret is shown once', async () => {
      await page.getByTestId('webhook-add').click();
      const dialog = page.getByRole('dialog', { name: 'Add webhook' });
      await dialog.getByTestId('webhook-type').selectOption('standard');
      await dialog.getByTestId('webhook-url').fill(receiver.url);
      await dialog.getByRole('group', { name: 'Stories' }).getByLabel('Created').check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      const value = dialog.getByTestId('webhook-secret-value');
      await expect(value).toHaveValue(/^whsec_/);
      secret = await value.inputValue();
      await dialog.getByTestId('webhook-secret-copy').click();
      await expect(page.getByText('Secret copied.')).toBeVisible();
      expect(await clipboardText(page)).toBe(secret);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('webhook-row')).toHaveCount(1);
      await expect(page.getByText(secret)).toHaveCount(0);
    });

    await test.step('a story added in the timeline reaches the receiver with a valid signature', async () => {
      await page.goto(`/#/timeline/${projectIdx}`);
      await page.getByRole('button', { name: 'New story in Sprint A' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Story title').fill('Signed checkout');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      const headers = {
        'webhook-id': String(delivery!.headers['webhook-id']),
        'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
        'webhook-signature': String(delivery!.headers['webhook-signature']),
      };
      // The reference library refuses a wrong secret, so a pass is the server's signature.
      expect(() =>
        new StandardWebhook('whsec_' + Buffer.alloc(32, 1).toString('base64')).verify(
          delivery!.body,
          headers,
        ),
      ).toThrow();
      const event = new StandardWebhook(secret).verify(delivery!.body, headers) as {
        type: string;
        timestamp: string;
        data: { projectIdx: number; title: string };
      };
      expect(event.type).toBe('story.created');
      expect(event.data).toMatchObject({ projectIdx, title: 'Signed checkout' });
      expect(headers['webhook-id']).toMatch(/^msg_teamline_\d+$/);
      expect(delivery!.headers['content-type']).toContain('application/json');
    });

    await test.step('the delivery log shows it delivered', async () => {
      await page.goto(`/#/setting?idx=${projectIdx}&tab=webhooks`);
      await page.getByTestId('settings-tab-webhooks').click();
      await page.getByTestId('webhook-log-toggle').click();
      const row = page.getByTestId('webhook-delivery').filter({ hasText: 'story.created' });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Delivered');
      await expect(row).toContainText('204');
    });
  } finally {
    await receiver.close();
  }
});

/** A calendar feed as a calendar app reads it (no login: the address is the key), events by UID. */
async function readFeed(request: APIRequestContext, url: string): Promise<Map<string, VEvent>> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/calendar');
  const parsed = ical.sync.parseICS(await response.text());
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  return new Map(events.map((e) => [e.uid, e]));
}

/** An all-day event's date as the fixtures write it (`dayCode`: YYYYMMDD, local time). */
const dayOf = (date: Date) =>
  `${date.getFullYear()}${String(date.getMonth() + 1).padStart(2, '0')}${String(date.getDate()).padStart(2, '0')}`;

/** A revoked feed's address answers 404 with its code. */
async function expectFeedGone(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(404);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CALENDAR_FEED_NOT_FOUND');
}

test('a member makes their calendar address; a calendar reads their dates from it until it is revoked', async ({
  page,
  request,
}) => {
  const member = newUser('ical');
  const { key } = await signUpByApi(request, member);
  const { projectIdx } = await createProjectByApi(request, key, 'Dated shop');
  const milestone = await apiAs<{ milestoneIdx: number }>(request, key, 'POST', '/milestone', {
    projectIdx,
    title: 'Beta release',
    startDt: dayCode(2),
    endDt: dayCode(9),
  });
  const story = await apiAs<{ storyIdx: number }>(request, key, 'POST', '/story', {
    projectIdx,
    title: 'Invoice export',
    milestoneIdx: milestone.milestoneIdx,
    endDt: dayCode(5),
  });
  const { memberInProjectIdx } = await apiAs<{ memberInProjectIdx: number }>(
    request,
    key,
    'GET',
    `/project/${projectIdx}/roles`,
  );
  await apiAs(request, key, 'PATCH', `/assignee/${story.storyIdx}`, { assignees: [memberInProjectIdx] });
  await logIn(page, member);
  await page.goto('/#/profile');
  const section = page.getByTestId('calendar-section');

  let url = '';
  await test.step('the address is made in Profile › Calendar and shown once', async () => {
    await section.getByTestId('calendar-make').click();
    const dialog = page.getByRole('dialog', { name: 'Your calendar address' });
    url = await dialog.getByTestId('calendar-url').inputValue();
    expect(url).toMatch(/\/api\/calendar\/[^/]+\.ics$/);
    await dialog.getByTestId('calendar-copy').click();
    expect(await clipboardText(page)).toBe(url);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByTestId('calendar-row')).toContainText('Not read by a calendar yet');
  });

  await test.step('a calendar app reads the milestone and the assigned story as all-day events', async () => {
    // A calendar app sends no login (this request context holds none): the address alone is the key.
    const byUid = await readFeed(request, url);
    const beta = byUid.get(`milestone-${milestone.milestoneIdx}@teamline`);
    expect(text(beta?.summary)).toBe('Milestone: Beta release');
    expect(beta?.datetype).toBe('date');
    expect(dayOf(beta!.start)).toBe(dayCode(2));
    const due = byUid.get(`story-${story.storyIdx}@teamline`);
    expect(text(due?.summary)).toContain('Invoice export');
    expect(dayOf(due!.start)).toBe(dayCode(5));
    await page.reload();
    await expect(section.getByTestId('calendar-row')).toContainText('Last read by a calendar');
  });

  await test.step('revoking the address makes it answer 404', async () => {
    await section.getByRole('button', { name: 'Revoke My calendar' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('The calendar address was revoked.')).toBeVisible();
    await expect(section.getByTestId('calendar-make')).toBeVisible();
    await expectFeedGone(request, url);
  });
});

test('a member subscribes to the project calendar from the timeline; a calendar reads its milestone until it is revoked', async ({
  page,
  request,
}) => {
  const member = newUser('pcal');
  const { key } = await signUpByApi(request, member);
  const { projectIdx } = await createProjectByApi(request, key, 'Planned shop');
  const milestone = await apiAs<{ milestoneIdx: number }>(request, key, 'POST', '/milestone', {
    projectIdx,
    title: 'Launch day',
    startDt: dayCode(3),
    endDt: dayCode(12),
  });
  await logIn(page, member);
  await page.setViewportSize(desktop);
  await page.goto(`/#/timeline/${projectIdx}`);

  let url = '';
  await test.step('the timeline’s "Subscribe in calendar" makes the project’s address and shows it once', async () => {
    await page.getByTestId('calendar-subscribe').click();
    const subscribe = page.getByRole('dialog', { name: 'Subscribe in calendar' });
    await expect(subscribe).toContainText("This project's milestones and story due dates");
    await subscribe.getByRole('button', { name: 'Make address' }).click();
    const shown = page.getByRole('dialog', { name: 'Your calendar address' });
    url = await shown.getByTestId('calendar-url').inputValue();
    expect(url).toMatch(/\/api\/calendar\/[^/]+\.ics$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
  });

  await test.step('a calendar app reads the project’s milestone from the address shown', async () => {
    const launch = (await readFeed(request, url)).get(`milestone-${milestone.milestoneIdx}@teamline`);
    expect(text(launch?.summary)).toBe('Milestone: Launch day');
    expect(launch?.datetype).toBe('date');
    expect(dayOf(launch!.start)).toBe(dayCode(3));
  });

  await test.step('revoked in Profile › Calendar, the address answers 404', async () => {
    await page.goto('/#/profile');
    const section = page.getByTestId('calendar-section');
    await section.getByRole('button', { name: 'Revoke Project calendar: Planned shop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('The calendar address was revoked.')).toBeVisible();
    await expectFeedGone(request, url);
  });
});
