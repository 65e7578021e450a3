import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

/**
 * Sessions that survive a restored browser, and the devices page (issue 30, docs/security.md
 * "Sessions and logs").
 */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

test('two tabs of one browser reloading at the same instant stay signed in, refreshing one at a time', async ({
  page,
  request,
}) => {
  const user = newUser('tabs');
  const { key } = await signUpByApi(request, user);
  const { projectIdx } = await createProjectByApi(request, key, 'Two tabs');
  await logIn(page, user, `/#/timeline/${projectIdx}`);
  const second = await page.context().newPage();
  await second.goto(`/#/timeline/${projectIdx}`);
  for (const tab of [page, second])
    await expect(tab.getByTestId('header-project-picker')).toContainText('Two tabs');

  // Every refresh the browser sends, with when it left and when its answer came.
  const refreshes: { sent: number; done: number; status: number }[] = [];
  page.context().on('requestfinished', (req) => {
    if (!req.url().endsWith('/api/auth/refresh')) return;
    void req.response().then((res) => {
      const timing = req.timing();
      refreshes.push({
        sent: timing.startTime,
        done: timing.startTime + timing.responseEnd,
        status: res?.status() ?? 0,
      });
    });
  });

  for (let round = 1; round <= 3; round++) {
    await test.step(`reload both tabs together (${round})`, async () => {
      await Promise.all([page.reload(), second.reload()]);
      for (const tab of [page, second]) {
        await expect(tab.getByTestId('user-box')).toContainText(user.nickname);
        await expect(tab.getByTestId('header-project-picker')).toContainText('Two tabs');
        await expect(tab).not.toHaveURL(/#\/login/);
      }
    });
  }
  await expect.poll(() => refreshes.length).toBeGreaterThan(0);
  expect(refreshes.every((r) => r.status === 201)).toBe(true);
  // The tabs take turns (Web Locks): no two refreshes were ever in flight together.
  const sorted = [...refreshes].sort((a, b) => a.sent - b.sent);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.sent).toBeGreaterThanOrEqual(sorted[i - 1]!.done);
  test.info().annotations.push({
    type: 'refreshes',
    description: `${refreshes.length} refreshes for 3 reloads of 2 tabs`,
  });
  await second.close();
});

/** The devices section of the profile page. */
const devices = (page: Page) => page.getByTestId('devices-section');

test('the devices page lists every session and signs out one, then all others', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: WINDOWS_CHROME });
  const page = await context.newPage();
  const phone = await playwrightRequest.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: IPHONE_SAFARI,
  });
  try {
    const user = newUser('devices');
    await signUpByApi(context.request, user);
    const login = async () =>
      (
        await (
          await phone.post('/api/auth/login/general', {
            data: { email: user.email, password: user.password },
          })
        ).json()
      ).data as { key: string };
    const phoneSession = await login();
    await logIn(page, user, '/#/profile');

    await test.step('every session, this one marked', async () => {
      await expect(devices(page).getByTestId('device-row')).toHaveCount(3);
      const mine = devices(page).locator('[data-testid="device-row"][data-current]');
      await expect(mine).toContainText('Chrome 126 on Windows');
      await expect(mine).toContainText('This device');
      await expect(devices(page)).toContainText('Safari 17 on iOS');
      await expectNoA11yViolations(page, 'the profile with its devices');
    });

    await test.step('sign out the phone', async () => {
      await devices(page).getByRole('button', { name: 'Sign out Safari 17 on iOS' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'The device was signed out.' })).toBeVisible();
      await expect(devices(page)).not.toContainText('Safari 17 on iOS');
      const refused = await phone.get('/api/member', {
        headers: { authorization: `Bearer ${phoneSession.key}` },
      });
      expect(refused.status()).toBe(401);
    });

    await test.step('sign out all others after a confirmation; this device stays', async () => {
      const again = await login();
      await page.reload();
      await expect(devices(page).getByTestId('device-row')).toHaveCount(3);
      await devices(page).getByTestId('devices-sign-out-others').click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Sign out every other device?');
      await dialog.getByRole('button', { name: 'Sign out all other devices' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: '2 devices were signed out.' })).toBeVisible();
      await expect(devices(page).getByTestId('device-row')).toHaveCount(1);
      await expect(devices(page).getByTestId('devices-empty')).toBeVisible();
      expect(
        (await phone.get('/api/member', { headers: { authorization: `Bearer ${again.key}` } })).status(),
      ).toBe(401);
      await page.reload();
      await expect(page.getByTestId('user-box')).toContainText(user.nickname);
    });
  } finally {
    await phone.dispose();
    await context.close();
  }
});

/**
 * Pictures of the devices section for a person to look at (E2E_LOOK=1): both widths, three
 * languages, in /tmp/look-devices-<lang>-<width>.png.
 */
test('look: the devices section in three languages at two widths', async ({ browser }) => {
  test.skip(!process.env.E2E_LOOK, 'pictures only on request (E2E_LOOK=1)');
  const context = await browser.newContext({ userAgent: WINDOWS_CHROME });
  const phone = await playwrightRequest.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: IPHONE_SAFARI,
  });
  try {
    const user = newUser('look');
    const { key } = await signUpByApi(context.request, user);
    await phone.post('/api/auth/login/general', { data: { email: user.email, password: user.password } });
    const page = await context.newPage();
    await logIn(page, user, '/#/profile');
    for (const lang of ['kr', 'en', 'vi'] as const) {
      await apiAs(context.request, key, 'PATCH', '/member', { lang });
      for (const [width, height] of [
        [1280, 800],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.reload();
        await expect(devices(page).getByTestId('device-row')).toHaveCount(3);
        await devices(page).scrollIntoViewIfNeeded();
        await devices(page).screenshot({ path: `/tmp/look-devices-${lang}-${width}.png` });
      }
    }
  } finally {
    await phone.dispose();
    await context.close();
  }
});
