import { expect, test } from '@playwright/test';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

/**
 * The session across reloads (docs/security.md "Sessions"): the access key lives in memory, the
 * refresh token in an httpOnly cookie; a reload gets a new key from the cookie, the live socket
 * authenticates with it, and logout removes the cookie.
 */
test('a reload keeps the session without any token script can read; logout ends it', async ({
  page,
  request,
}) => {
  const user = newUser('session');
  const { key } = await signUpByApi(request, user);
  const { projectIdx } = await createProjectByApi(request, key, 'Session project');
  await logIn(page, user);
  await expect(page.getByTestId('user-box')).toContainText(user.nickname);

  await test.step('no token in storage or document.cookie; the refresh cookie is httpOnly and Strict', async () => {
    const stored = await page.evaluate(() => ({
      auth: localStorage.getItem('teamline.auth'),
      all: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      cookie: document.cookie,
    }));
    expect(JSON.parse(stored.auth ?? 'null')).toEqual({ state: { isLogin: true }, version: 1 });
    expect(stored.cookie).not.toContain('teamline_refresh');
    const cookies = await page.context().cookies();
    const refresh = cookies.find((c) => c.name === 'teamline_refresh');
    expect(refresh).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict', secure: false });
    expect(stored.all).not.toContain(refresh!.value);
  });

  await test.step('after a reload the timeline loads and the live socket authenticates', async () => {
    await page.goto(`/#/timeline/${projectIdx}`);
    await page.reload();
    await expect(page.getByTestId('user-box')).toContainText(user.nickname);
    await expect(page.getByTestId('header-project-picker')).toContainText('Session project');
    await expect(page.getByTestId('live-status')).toHaveText('Live');
    await apiAs(request, key, 'POST', '/milestone', { projectIdx, title: 'Arrived live' });
    await expect(page.getByRole('button', { name: 'Arrived live', exact: true })).toBeVisible();
  });

  await test.step('logout removes the cookie; a reload stays signed out', async () => {
    await page.getByTestId('user-box').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByTestId('user-box')).toHaveCount(0);
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name === 'teamline_refresh'))
      .toBe(false);
    await page.reload();
    await expect(page.getByTestId('user-box')).toHaveCount(0);
    await page.goto(`/#/timeline/${projectIdx}`);
    await expect(page).toHaveURL(/#\/login\?redirect=/);
  });
});
