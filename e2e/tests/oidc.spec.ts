import { expect, test } from '@playwright/test';

/**
 * Sign-in with Google against a real OpenID Connect issuer (support/oidc-issuer.mjs, started by the
 * config): a new person signs in at the issuer, lands on the join form prefilled from the claims,
 * joins, signs out, and signs in again with Google straight into the app; having no password, the
 * account withdraws by typing its e-mail address.
 */
test('a new person joins through Google, signs out, signs in again with Google, and withdraws', async ({
  page,
}) => {
  const id = `${Date.now().toString(36)}`;
  const login = `gjoin-${id}@example.com`;
  const nickname = `g${id}`.slice(0, 15);

  await test.step('the Google button leads to the issuer, whose login returns to the join form', async () => {
    await page.goto('/#/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
    await page.getByPlaceholder('Enter any login').fill(login);
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/#\/oauth\/pre$/);
    await expect(page.getByText(`Signing up with Google as ${login}`)).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(`gjoin-${id}`.slice(0, 15));
  });

  await test.step('the join form creates the account and signs in', async () => {
    await page.getByLabel('Phone number').fill('01098765432');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Nickname').fill(nickname);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).not.toHaveURL(/#\/oauth/);
    await page.goto('/#/');
    await expect(page.getByTestId('user-box')).toContainText(nickname);
  });

  await test.step('signed out, "Continue with Google" signs the same account in again', async () => {
    await page.getByTestId('user-box').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByTestId('user-box')).toHaveCount(0);
    await page.goto('/#/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // The issuer may remember its own session and send the browser straight back.
    const appPort = new URL(page.url()).port;
    const signedInPage = (url: URL) =>
      url.port === appPort &&
      url.pathname === '/' &&
      /^#\//.test(url.hash) &&
      !/^#\/(login|oauth)/.test(url.hash);
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/') || signedInPage(url));
    if (new URL(page.url()).pathname.startsWith('/interaction/')) {
      await page.getByPlaceholder('Enter any login').fill(login);
      await page.getByPlaceholder('and password').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    }
    // Signed in: the app leaves the sign-in pages without asking to join again.
    await page.waitForURL(signedInPage);
    await page.goto('/#/');
    await expect(page.getByTestId('user-box')).toContainText(nickname);
  });

  await test.step('the account has no password: the profile says so and withdrawal asks for the e-mail', async () => {
    await page.goto('/#/profile');
    await expect(page.getByTestId('no-password')).toContainText('You sign in with Google');
    const form = page.getByRole('form', { name: 'Withdraw account' });
    const confirm = form.getByLabel('Type your e-mail address to confirm');
    await confirm.fill('someone-else@example.com');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
    await expect(form.getByText("That is not this account's e-mail address.")).toBeVisible();
    await confirm.fill(login);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Account deleted.' })).toBeVisible();
  });
});

test('cancelling at the issuer comes back with a translated message', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  // The dev login form has no cancel button; its abort address is what "cancel" does at Google.
  const abort = new URL(page.url());
  abort.pathname = `${abort.pathname.replace(/\/$/, '')}/abort`;
  await page.goto(abort.toString());
  await expect(page).toHaveURL(/#\/oauth\/success\?error=access_denied/);
  await expect(page.getByRole('alert')).toHaveText('Google sign-in was cancelled.');
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/#\/login/);
});
