import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

/**
 * The guide, the first-run steps, the e-mail authentication landing, the pilot page and the
 * profile's account sections (notifications, password change, withdrawal), walked in the browser.
 */

test('a visitor reads the guide and lands on the e-mail authentication results', async ({ page }) => {
  await test.step('the guide explains each part and sends a visitor to login from its links', async () => {
    await page.goto('/#/guide');
    await expect(page).toHaveTitle('Guide');
    await expect(page.getByRole('heading', { level: 2, name: 'How Teamline works' })).toBeVisible();
    await expect(page.getByTestId('guide-webhooks')).toContainText('Slack');
    // The header (a chunk of its own) draws the page's h1; the guide's text can be in before it.
    await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeAttached();
    await expectNoA11yViolations(page, 'guide');
    await page.getByRole('link', { name: 'Subscription and seats' }).click();
    await expect(page.getByRole('heading', { name: 'Subscription and seats' })).toBeInViewport();
    await page.getByRole('link', { name: 'Open the timeline →' }).click();
    await expect(page).toHaveURL(/#\/login/);
  });

  await test.step('/mailauth?result=failure toasts the failure and offers a new link', async () => {
    await page.goto('/#/mailauth?result=failure');
    await expect(page).toHaveTitle('Email authentication');
    await expect(page.getByTestId('toast').filter({ hasText: 'Email authentication failed.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Email authentication failed' })).toBeVisible();
    await expectNoA11yViolations(page, 'mail authentication failure');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/#\/mailform/);
  });

  await test.step('/mailauth?result=success toasts the success', async () => {
    await page.goto('/#/mailauth?result=success');
    await expect(page.getByTestId('toast').filter({ hasText: 'Email authenticated.' })).toBeVisible();
    await expectNoA11yViolations(page, 'mail authentication success');
  });

  await test.step('/mailauth?token= is verified like /verify/email', async () => {
    await page.goto('about:blank'); // a fresh app: no toast left from the steps before
    await page.goto('/#/mailauth?token=not-a-real-token');
    await expect(page).toHaveURL(/#\/verify\/email\?token=not-a-real-token/);
    await expect(page.getByTestId('toast').filter({ hasText: 'Email authentication failed.' })).toBeVisible();
  });
});

test('a new member follows the first steps, sees the pilot, and reads the guide in Korean', async ({
  page,
  request,
}) => {
  const user = newUser('pages');
  const tokens = await signUpByApi(request, user);
  await logIn(page, user);

  await test.step('the first-run steps show what is done and choose the mode in place', async () => {
    await page.goto('/#/instruction/new-register');
    await expect(page).toHaveTitle('Getting started');
    await expect(page.locator('header.header')).toHaveCount(0);
    await expect(page.getByTestId('left-menu')).toHaveCount(0);
    await expect(page.getByTestId('first-run-profile')).toContainText('Not done yet');
    await expect(page.getByTestId('first-run-project')).toContainText('Not done yet');
    await expectNoA11yViolations(page, 'first-run steps');
    await page.getByRole('button', { name: 'Client mode' }).click();
    await expect(page.getByTestId('first-run-mode')).toContainText('Now: Client mode');
    await expect(page.getByRole('button', { name: 'Client mode' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Professional mode' }).click();
    await expect(page.getByTestId('first-run-mode')).toContainText('Now: Professional mode');
  });

  const project = await createProjectByApi(request, tokens.key, 'Pages project');
  await test.step('a project makes the second step done', async () => {
    await page.reload();
    await expect(page.getByTestId('first-run-project')).toContainText('Done');
    await page.getByRole('link', { name: 'Open your profile' }).click();
    await expect(page).toHaveURL(/#\/profile/);
  });

  await test.step('the pilot page says it is a pilot that is not available yet', async () => {
    await page.goto(`/#/pilot/${project.projectIdx}`);
    await expect(page).toHaveTitle('Pilot');
    await expect(page.getByRole('heading', { name: 'Pilot: auto-coding' })).toBeVisible();
    await expectNoA11yViolations(page, 'pilot');
    await page.getByRole('link', { name: 'Back to the timeline' }).click();
    await expect(page).toHaveURL(new RegExp(`#/timeline/${project.projectIdx}`));
  });

  await test.step('the guide links into the member’s project, and follows the profile’s language', async () => {
    await page.goto('/#/guide');
    await expect(page.getByRole('link', { name: 'Open the timeline →' })).toHaveAttribute(
      'href',
      `#/timeline/${project.projectIdx}`,
    );
    await apiAs(request, tokens.key, 'PATCH', '/member', { lang: 'kr' });
    await page.reload();
    await expect(page).toHaveTitle('가이드');
    await expect(page.getByRole('heading', { level: 2, name: 'Teamline 사용 방법' })).toBeVisible();
    await expectNoA11yViolations(page, 'guide in Korean');
    await apiAs(request, tokens.key, 'PATCH', '/member', { lang: 'en' });
  });

  await test.step('on a phone the guide and the first steps fit the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    for (const path of ['/#/guide', '/#/instruction/new-register']) {
      await page.goto(path);
      await expect(page.locator('h1, h2').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await expectNoA11yViolations(page, 'first-run steps on a phone');
  });
});

test('the profile saves notification choices, changes the password and withdraws the account', async ({
  page,
  request,
}) => {
  const user = newUser('account');
  await signUpByApi(request, user);
  await logIn(page, user);
  await page.goto('/#/profile');
  await expect(page).toHaveTitle('Profile');

  await test.step('notifications: a kind switched off by mail is saved', async () => {
    const section = page.getByRole('region', { name: 'Notifications' });
    await section.getByRole('checkbox', { name: 'Assigned to a story: E-mail' }).uncheck();
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Notification settings saved.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByRole('checkbox', {
        name: 'Assigned to a story: E-mail',
      }),
    ).not.toBeChecked();
    await expectNoA11yViolations(page, 'profile');
  });

  const newPassword = 'battery-staple-2';
  await test.step('password: a wrong current password is refused on its field, the right one changes it', async () => {
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Incorrect password.')).toBeVisible();
    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Password changed.' })).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');
  });

  await test.step('the new password signs in, the old one no longer does', async () => {
    await page.getByTestId('user-box').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();
    await page.goto('/#/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in with email' }).click();
    await expect(page.getByText('Incorrect password.')).toBeVisible();
    await logIn(page, { email: user.email, password: newPassword });
  });

  await test.step('withdraw: a wrong password is refused, cancel keeps the account, confirm deletes it', async () => {
    await page.goto('/#/profile');
    const form = page.getByRole('form', { name: 'Withdraw account' });
    await form.getByLabel('Password to confirm').fill('not-my-password');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
    await expect(form.getByText('Incorrect password.')).toBeVisible();

    await form.getByLabel('Password to confirm').fill(newPassword);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/#\/profile/);

    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Account deleted.' })).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();
  });

  await test.step('the deleted account cannot sign in', async () => {
    await page.goto('/#/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in with email' }).click();
    await expect(page.getByText('No account matches this email.')).toBeVisible();
  });
});
