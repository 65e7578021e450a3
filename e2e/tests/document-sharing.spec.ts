import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, settle } from '../support/axe.js';
import { createProjectByApi, joinByInvitation, logIn, newUser, signUpByApi } from '../support/journeys.js';

/**
 * Folder sharing and images (issue 15): the admin shares a folder with a client ("Can edit"), writes
 * a document in it with an image uploaded as a project file; the client, who cannot write documents
 * elsewhere, sees the folder marked as shared, opens the document with its image and adds one there.
 */
test('a folder shared with a client lets them read and write there; an image is a project file both see', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = newUser('share-admin');
  const client = newUser('share-client');
  const { key: adminKey } = await signUpByApi(request, admin);
  const { key: clientKey } = await signUpByApi(request, client);
  const { projectIdx } = await createProjectByApi(request, adminKey, 'Shared folders');
  await joinByInvitation(request, { adminKey, projectIdx, role: 'client' }, client, clientKey);

  await logIn(page, admin);
  const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  await page.goto(`/#/doclist/${projectIdx}`);
  await settle(page);
  const folders = page.getByRole('navigation', { name: 'Folders' });

  await test.step('the admin shares a new folder with the client, who can edit', async () => {
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill('Contracts');
    await page.getByRole('button', { name: 'Save' }).click();
    await folders.getByRole('button', { name: 'Contracts' }).click();
    await page.getByRole('button', { name: 'Share folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share folder “Contracts”' });
    await dialog.getByLabel('Member').selectOption({ label: client.nickname });
    await dialog.getByLabel('Access').selectOption('edit');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(dialog.getByRole('listitem').filter({ hasText: client.nickname })).toContainText('Can edit');
    await expectNoA11yViolations(page, 'the folder share dialog');
    await page.keyboard.press('Escape');
    await expect(folders.getByRole('button', { name: 'Contracts, Shared folder' })).toBeVisible();
  });

  await test.step('a document in it with an image, uploaded as a project file', async () => {
    await page.getByRole('button', { name: 'New document' }).click();
    await expect(page).toHaveURL(/#\/document\?documentIdx=\d+/);
    await settle(page);
    await page.getByLabel('Document title').fill('Scope');
    await page.locator('.tiptap').click();
    await page.keyboard.type('The agreed scope:');
    await page
      .locator('input[type=file][accept^="image/"]')
      .setInputFiles({ name: 'scope.png', mimeType: 'image/png', buffer: picture });
    const image = page.locator('.tiptap img');
    await expect(image).toHaveAttribute('src', /\/api\/file\/signed\?/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 15_000 });
  });

  await test.step('the client sees the shared folder, the document and its image, and adds a document there', async () => {
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await logIn(other, client);
      await other.goto(`/#/doclist/${projectIdx}`);
      await settle(other);
      // Nothing to add at the top level: clients do not write documents...
      await expect(other.getByRole('button', { name: 'New document' })).toBeHidden();
      const shared = other
        .getByRole('navigation', { name: 'Folders' })
        .getByRole('button', { name: 'Contracts, Shared with you: can edit' });
      await shared.click();
      // ...but in a folder shared with them for editing they do.
      await expect(other.getByRole('button', { name: 'New document' })).toBeVisible();
      await other.getByTestId('document-list').getByRole('link', { name: 'Scope' }).click();
      await settle(other);
      const image = other.locator('.tiptap img');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      await expect(other.locator('.tiptap')).toHaveAttribute('contenteditable', 'true');
      await other.goto(`/#/doclist/${projectIdx}`);
      await other
        .getByRole('navigation', { name: 'Folders' })
        .getByRole('button', { name: /^Contracts/ })
        .click();
      await other.getByRole('button', { name: 'New document' }).click();
      await expect(other).toHaveURL(/#\/document\?documentIdx=\d+/);
      await settle(other);
      await expect(other.locator('.tiptap')).toHaveAttribute('contenteditable', 'true');
    } finally {
      await context.close();
    }
  });
});
