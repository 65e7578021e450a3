import { expect, test, type APIRequestContext } from '@playwright/test';
import { createProjectByApi, joinByInvitation, logIn, newUser, signUpByApi } from '../support/journeys.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { billingCoupon } from '../support/coupons.js';

/** A member joins through the real invitation routes: invited by e-mail, accepting with the mailed token. */
async function addMember(request: APIRequestContext, adminKey: string, projectIdx: number, prefix: string) {
  const user = newUser(prefix);
  const key = (await signUpByApi(request, user)).key;
  await joinByInvitation(request, { adminKey, projectIdx, role: 'depth2' }, user, key);
}

test('a 6-member project shows the warning bar; the admin registers a sandbox card, subscribes 2 sheets and the bar goes; a coupon registers; a declined card is refused in its dialog', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = newUser('billadmin');
  const adminKey = (await signUpByApi(request, admin)).key;
  const { projectIdx } = await createProjectByApi(request, adminKey, 'Seat billing');
  // The admin and five professionals: one more than the 4 free members.
  for (let i = 0; i < 5; i++) await addMember(request, adminKey, projectIdx, `seat${i}`);

  const bar = page.locator('.warning-bar');
  await logIn(page, admin);

  await test.step('the warning bar shows on a project page and leads to Settings › Subscription', async () => {
    await page.goto(`/#/timeline/${projectIdx}`);
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS('height', '62px');
    await bar.getByRole('button', { name: 'Open settings' }).click();
    await expect(page).toHaveURL(/#\/setting\?tab=subscription/);
    const section = page.getByTestId('billing-subscription');
    await expect(section.getByTestId('billing-members-covered')).toHaveText(
      '6 members · 0 sheets + 4 free = 4 covered',
    );
    await expect(section.getByTestId('billing-warning')).toContainText('Add 2 sheets');
    // Settings is one of the routes without the bar.
    await expect(bar).toBeHidden();
    await expectNoA11yViolations(page, 'settings › subscription with a warning');
  });

  await test.step('the admin registers the sandbox card 4242 4242 4242 4242', async () => {
    await page.getByTestId('settings-tab-card').click();
    await page.getByTestId('card-register').click();
    const dialog = page.getByRole('dialog', { name: 'Register a card' });
    await dialog.getByLabel('Card number').fill('4242424242424242');
    await expect(dialog.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByLabel('Date of birth (YYMMDD)').fill('900101');
    await dialog.getByLabel('First two digits of the card password').fill('12');
    await dialog.getByLabel('Name on card').fill('Admin Kim');
    await expectNoA11yViolations(page, 'cardPop');
    await dialog.getByRole('button', { name: 'Register card' }).click();
    await expect(page.getByText('The card was registered.')).toBeVisible();
    await expect(page.getByTestId('card-item')).toContainText('•••• 4242');
  });

  await test.step('subscribing 2 sheets shows the price first, charges it and ends the warning', async () => {
    await page.getByTestId('settings-tab-subscription').click();
    await page.getByTestId('billing-subscribe').click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe' });
    await dialog.getByLabel(/^Monthly/).check();
    await expect(dialog.getByLabel('Sheets')).toHaveValue('2');
    await dialog.getByLabel('Currency').selectOption('KRW');
    await expect(dialog.getByTestId('price-total')).toHaveText('₩20,000');
    await expectNoA11yViolations(page, 'subscribePop');
    await dialog.getByRole('button', { name: 'Pay ₩20,000' }).click();
    await expect(page).toHaveURL(/#\/payment-success/);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(page.getByText('₩20,000 was charged to the card.')).toBeVisible();
    await expectNoA11yViolations(page, 'payment success');
    await page.getByRole('link', { name: 'Back to settings' }).click();
    const section = page.getByTestId('billing-subscription');
    await expect(section.getByTestId('billing-members-covered')).toHaveText(
      '6 members · 2 sheets + 4 free = 6 covered',
    );
    await expect(section.getByTestId('billing-warning')).toHaveCount(0);
    await page.goto(`/#/timeline/${projectIdx}`);
    await expect(page.locator('.app')).toBeVisible();
    await expect(bar).toBeHidden();
  });

  await test.step('the payment history shows the charge in won with its receipt', async () => {
    await page.goto('/#/setting?tab=payment');
    const row = page.getByTestId('payment-row').first();
    await expect(row).toContainText('₩20,000');
    await row.getByRole('button', { name: 'Receipt' }).click();
    await expect(page.getByTestId('receipt')).toContainText('VISA •••• 4242');
    await expectNoA11yViolations(page, 'receipt');
    await page.getByRole('dialog', { name: 'Receipt' }).getByRole('button', { name: 'Close' }).click();
  });

  await test.step('a coupon registers; an unknown number gets its own message', async () => {
    const number = billingCoupon();
    await page.getByTestId('settings-tab-coupons').click();
    await page.getByTestId('coupon-register').click();
    const dialog = page.getByRole('dialog', { name: 'Register a coupon' });
    await dialog.getByLabel('Coupon number').fill('NO-SUCH-COUPON');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(dialog.getByText('This coupon has expired or does not exist.')).toBeVisible();
    await dialog.getByLabel('Coupon number').fill(number);
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('The coupon was registered.')).toBeVisible();
    await expect(page.getByTestId('coupon-row')).toContainText(number);
  });

  await test.step('a declined card (4000 0000 0000 0002) is refused in the dialog, the form kept', async () => {
    await page.getByTestId('settings-tab-card').click();
    await page.getByTestId('card-register').click();
    const dialog = page.getByRole('dialog', { name: 'Register a card' });
    await dialog.getByLabel('Card number').fill('4000000000000002');
    await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByLabel('Date of birth (YYMMDD)').fill('900101');
    await dialog.getByLabel('First two digits of the card password').fill('12');
    await dialog.getByLabel('Name on card').fill('Admin Kim');
    await dialog.getByRole('button', { name: 'Register card' }).click();
    await expect(dialog.getByTestId('card-refusal')).toHaveText(
      'The card could not be registered. Reason: The card was declined.',
    );
    await expect(page).toHaveURL(/#\/setting/);
    await expect(dialog.getByLabel('Name on card')).toHaveValue('Admin Kim');
    await expectNoA11yViolations(page, 'a refused card in its dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('card-item')).toHaveCount(1);
  });

  await test.step('a card issued abroad is registered with its billing address', async () => {
    await page.getByTestId('card-register').click();
    const dialog = page.getByRole('dialog', { name: 'Register a card' });
    await dialog.getByLabel('Card issued outside Korea').check();
    await expect(dialog.getByLabel('Date of birth (YYMMDD)')).toHaveCount(0);
    await dialog.getByLabel('Card number').fill('4242424242424242');
    await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByRole('button', { name: 'Register card' }).click();
    await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('First name').fill('Jane');
    await dialog.getByLabel('Last name').fill('Doe');
    await dialog.getByLabel('Phone', { exact: true }).fill('+1 415 555 0100');
    await dialog.getByLabel('Address', { exact: true }).fill('1 Market St');
    await dialog.getByLabel('City').fill('San Francisco');
    await dialog.getByLabel('State or province (if any)').fill('CA');
    await dialog.getByLabel('ZIP or postal code').fill('94105');
    await dialog.getByLabel('Country').selectOption('US');
    await expectNoA11yViolations(page, 'cardPop for a card issued abroad');
    // The first card's toast lives 5 s; on a quick run it is still up, and this one must be the new one.
    await expect(page.getByText('The card was registered.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Register card' }).click();
    await expect(page.getByText('The card was registered.')).toBeVisible();
    await expect(page.getByTestId('card-item')).toHaveCount(2);
  });
});
