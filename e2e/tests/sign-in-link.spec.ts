import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import { logIn, newUser, signUpByApi } from '../support/journeys.js';
import { linkFromOutbox } from '../support/outbox.js';

/**
 * Issue 30: a stranger's wrong passwords do not keep the owner out. The owner's own browser still
 * signs in; a new browser waits, and a mailed one-time sign-in link lets the owner in at once.
 */
test("a stranger's guesses neither lock the owner's browser nor stop a mailed sign-in link", async ({
  browser,
  page,
  request,
}) => {
  const owner = newUser('owner');
  await signUpByApi(request, owner);
  // The owner's usual browser: it has signed in to the account before.
  await logIn(page, owner);
  await page.getByTestId('user-box').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByTestId('user-box')).toHaveCount(0);

  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await test.step('five wrong passwords from another browser: it waits, and says how to get in', async () => {
    await strangerPage.goto('/#/login');
    await strangerPage.getByLabel('Email').fill(owner.email);
    for (let i = 0; i < 5; i++) {
      await strangerPage.getByLabel('Password', { exact: true }).fill(`not-the-password-${i}`);
      await strangerPage.getByRole('button', { name: 'Log in with email' }).click();
      await expect(strangerPage.getByRole('button', { name: 'Log in with email' })).toBeEnabled();
    }
    await expect(strangerPage.getByTestId('login-locked')).toContainText(
      'Too many wrong passwords for this account',
    );
  });

  await test.step("a new browser waits; the owner's own browser does not; a mailed link signs in", async () => {
    const fresh = await browser.newContext();
    const freshPage = await fresh.newPage();
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await freshPage.setViewportSize(viewport);
      await freshPage.goto('/#/login');
      await freshPage.getByLabel('Email').fill(owner.email);
      await freshPage.getByLabel('Password', { exact: true }).fill(owner.password);
      await freshPage.getByRole('button', { name: 'Log in with email' }).click();
      await expect(freshPage.getByTestId('login-locked')).toContainText('have a sign-in link mailed to you');
      await freshPage.screenshot({ path: `/tmp/look-sign-in-locked-${viewport.width}.png`, fullPage: true });
    }
    // Meanwhile the owner's usual browser is not held by the wait.
    await logIn(page, owner);
    await expect(page.getByTestId('user-box')).toContainText(owner.nickname);

    const since = Date.now();
    await freshPage.getByTestId('sign-in-link').click();
    await expect(
      freshPage.getByRole('status').filter({ hasText: 'a sign-in link is on its way' }),
    ).toContainText(owner.email);
    await freshPage.screenshot({ path: '/tmp/look-sign-in-sent-390.png', fullPage: true });
    await expectNoA11yViolations(freshPage, 'login page with a sign-in link sent');

    const link = await linkFromOutbox(owner.email, '/login/link', since);
    await freshPage.goto(link);
    await expect(freshPage.getByTestId('user-box')).toContainText(owner.nickname);

    // The link worked once: opening it again says so, in words, with the way back.
    const again = await browser.newContext();
    const againPage = await again.newPage();
    await againPage.goto(link);
    await expect(againPage.getByRole('alert')).toContainText(
      'This sign-in link is invalid, already used or expired',
    );
    await expect(againPage.getByRole('link', { name: 'Back to login' })).toBeVisible();
    await expectNoA11yViolations(againPage, 'a used sign-in link');
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await againPage.setViewportSize(viewport);
      await againPage.screenshot({ path: `/tmp/look-sign-in-used-${viewport.width}.png`, fullPage: true });
    }
    await again.close();
    await fresh.close();
  });

  await test.step('in Korean the login page offers the link too', async () => {
    const kr = await browser.newContext({ locale: 'ko-KR' });
    const krPage = await kr.newPage();
    await krPage.addInitScript(() => localStorage.setItem('teamline.lang', 'kr'));
    await krPage.setViewportSize({ width: 390, height: 844 });
    await krPage.goto('/#/login');
    await expect(krPage.getByTestId('sign-in-link')).toHaveText('로그인 링크를 메일로 받기');
    await expect(krPage.getByText('비밀번호 없이')).toBeVisible();
    await krPage.screenshot({ path: '/tmp/look-sign-in-kr-390.png', fullPage: true });
    await kr.close();
  });
  await stranger.close();
});
