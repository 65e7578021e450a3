import { expect, test } from '@playwright/test';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';
import { linkFromOutbox } from '../support/outbox.js';

test('an admin invites a client by e-mail, the client signs up through the link and lands in client mode, the admin changes a role', async ({
  browser,
  page,
  request,
}) => {
  const admin = newUser('admin');
  const client = newUser('client');
  const adminTokens = await signUpByApi(request, admin);
  const project = await createProjectByApi(request, adminTokens.key, `Shop ${Date.now().toString(36)}`);

  let inviteLink = '';
  await test.step('the admin sends an invitation from the settings page', async () => {
    await logIn(page, admin);
    await page.goto('/#/setting');
    await expect(page.getByRole('heading', { name: new RegExp(project.name) })).toBeVisible();
    await page.getByTestId('settings-tab-invitations').click();
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invalid email format.')).toBeVisible();
    await expect(page.getByTestId('settings-invitations')).not.toContainText('not-an-address');
    const since = Date.now();
    await page.getByLabel('E-mail address').fill(client.email);
    await page.getByTestId('invite-role').selectOption('client');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: `Invitation sent to ${client.email}` }),
    ).toBeVisible();
    await expect(page.getByTestId('settings-invitations')).toContainText('Pending');
    inviteLink = await linkFromOutbox(client.email, '/verify/invite', since);
  });

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await test.step('the invitee opens the link, signs up and joins as a client', async () => {
    await clientPage.goto(inviteLink);
    await expect(clientPage.getByTestId('invite-facts')).toContainText(project.name);
    await expect(clientPage.getByTestId('invite-facts')).toContainText('Client');
    // The invitation proves the address: straight to the join form, no verification mail (issue 30).
    await clientPage.getByTestId('invite-signup').click();
    await expect(clientPage).toHaveURL(/#\/join/);
    await clientPage.getByLabel('Password', { exact: true }).fill(client.password);
    await clientPage.getByLabel('Confirm password').fill(client.password);
    await clientPage.getByLabel('Name').fill(client.name);
    await clientPage.getByLabel('Phone number').fill(client.phone);
    await clientPage.getByRole('button', { name: 'Next' }).click();
    await clientPage.getByLabel('Nickname').fill(client.nickname);
    await clientPage.getByRole('button', { name: 'Create account' }).click();
    // Back on the invitation, now signed in.
    await expect(clientPage).toHaveURL(/#\/verify\/invite/);
    await clientPage.getByTestId('invite-accept').click();
    await expect(clientPage).toHaveURL(new RegExp(`#/dashboard/${project.projectIdx}`));
    const isClientMode = await clientPage.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('teamline.roles') ?? '{}') as { state?: { isClient?: boolean } })
          .state?.isClient,
    );
    expect(isClientMode).toBe(true);
    await expect(clientPage.getByTestId('header-project-picker')).toContainText(project.name);
  });
  await clientContext.close();

  await test.step('the admin changes the new member’s role', async () => {
    await page.goto('/#/setting?tab=members');
    await page.reload();
    const row = page.locator('[data-testid^="member-row-"]').filter({ hasText: client.nickname });
    await expect(row).toBeVisible();
    await row.getByTestId('member-role').selectOption('depth2');
    await expect(page.getByTestId('toast').filter({ hasText: 'Member updated.' })).toBeVisible();
    const members = await apiAs<Array<{ nickname: string; role: string }>>(
      request,
      adminTokens.key,
      'GET',
      `/member-in-project?projectIdx=${project.projectIdx}`,
    );
    expect(members.find((m) => m.nickname === client.nickname)?.role).toBe('depth2');
  });
});
