import { resources } from '@teamline/contract/i18n';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

/**
 * Issue 30 "Files that can be deleted" and "My data": a member sees the storage they use, a
 * picture they remove frees it, and they download an archive of their data after following its
 * progress. Screenshots of the profile and settings in every language at both widths.
 */

/** A photo-like PNG (noise, so it does not compress to nothing) the browser resizes before upload. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 400;
    const g = canvas.getContext('2d')!;
    const image = g.createImageData(400, 400);
    for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 7919) % 251;
    g.putImageData(image, 0, 0);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

const storageText = (page: Page) => page.getByTestId('member-storage').locator('.storage-usage__text');

test('profile: storage use, a removed picture frees it, and my data downloads as a zip', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = newUser('mydata');
  await signUpByApi(request, user);
  await logIn(page, user);
  await page.goto('/#/profile');
  await expect(storageText(page)).toHaveText('0 B of 200 MB used');

  // A picture: uploaded, saved, counted.
  await page
    .getByText('Choose picture')
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo(page) });
  await expect(page.getByRole('button', { name: 'Remove picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(storageText(page)).not.toHaveText('0 B of 200 MB used');
  await expect(storageText(page)).toHaveText(/^\d+(\.\d)? KB of 200 MB used$/);

  // Removed and saved: the server deletes it and the use drops back.
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(storageText(page)).toHaveText('0 B of 200 MB used');

  // My data: asked for, followed, downloaded.
  const section = page.getByTestId('my-data-export');
  await expect(section.getByText('You have not asked for an archive yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(page.getByText('We are preparing your archive.', { exact: false })).toBeVisible();
  const link = section.getByTestId('export-download');
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('status')).toContainText('Your archive is ready');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^teamline-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await (await download.createReadStream()).toArray();
  const zip = Buffer.concat(bytes as Buffer[]);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  await expectNoA11yViolations(page, 'profile with storage and my data');
});

test('screenshots: profile and project storage in kr, en and vi at both widths', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = newUser('mdshot');
  const { key } = await signUpByApi(request, user);
  const project = await createProjectByApi(request, key, 'Storage look');
  await apiAs(request, key, 'POST', '/member/export');
  await logIn(page, user);
  for (const lang of ['kr', 'en', 'vi'] as const) {
    await apiAs(request, key, 'PATCH', '/member', { lang });
    const { ui } = resources[lang];
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/#/profile');
      await page.reload();
      await expect(page.getByRole('heading', { name: ui.myData.export.heading })).toBeVisible();
      await expect(page.getByTestId('export-download')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('my-data-export').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/look-my-data-${lang}-${viewport.name}.png` });
      await page.goto(`/#/setting?idx=${project.projectIdx}&tab=general`);
      await expect(page.getByTestId('project-storage')).toBeVisible();
      await page.getByTestId('project-storage').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/look-project-storage-${lang}-${viewport.name}.png` });
      await expectNoA11yViolations(page, `settings with project storage (${lang}, ${viewport.name})`);
    }
  }
});
