import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  apiAs,
  createProjectByApi,
  joinByInvitation,
  logIn,
  newUser,
  signUpByApi,
  type TestUser,
} from '../support/journeys.js';
import { expectNoA11yViolations } from '../support/axe.js';

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A small solid-colour RGB PNG. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function pageFor(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}

/** Opens the profile popup of `nickname` from the project's member list. */
async function openProfile(page: Page, nickname: string) {
  await page.goto('/#/setting?tab=members');
  await page
    .getByRole('button', { name: `View profile of ${nickname}` })
    .first()
    .click();
  return page.getByRole('dialog', { name: `Profile of ${nickname}` });
}

test('a client rates a professional with two images; the professional sees it with the average', async ({
  browser,
  request,
}) => {
  const client = newUser('rvclient');
  const pro = newUser('rvpro');
  const clientKey = (await signUpByApi(request, client)).key;
  const proKey = (await signUpByApi(request, pro)).key;
  const project = await createProjectByApi(request, clientKey, `Reviews ${Date.now().toString(36)}`, true);
  const proInProject = await joinByInvitation(
    request,
    { adminKey: clientKey, projectIdx: project.projectIdx, role: 'depth2' },
    pro,
    proKey,
  );

  await test.step('the professional gives a birth date and gender on the profile page', async () => {
    const proPage = await pageFor(browser, pro);
    await proPage.goto('/#/profile');
    await proPage.getByLabel('Birth date').fill('1991-02-14');
    await proPage.getByRole('radio', { name: 'Female' }).check();
    const saved = proPage.waitForResponse(
      (r) => r.url().endsWith('/api/member') && r.request().method() === 'PATCH',
    );
    await proPage.getByRole('button', { name: 'Save profile' }).click();
    expect((await saved).ok()).toBe(true);
    await proPage.context().close();
  });

  const clientPage = await pageFor(browser, client);
  await test.step('the client, the admin, opens the profile from a timeline row avatar with the keyboard', async () => {
    await apiAs(request, clientKey, 'POST', '/story', {
      projectIdx: project.projectIdx,
      title: 'Product photos',
      assignees: [proInProject.memberInProjectIdx],
    });
    await clientPage.goto(`/#/timeline/${project.projectIdx}`);
    const row = clientPage.getByTestId('story-row').filter({ hasText: 'Product photos' });
    const avatar = row.getByRole('button', { name: `View profile of ${pro.nickname}` });
    await expect(avatar.locator('.avatar')).toHaveCSS('width', '36px');
    // The first screen is the preview (timeline-preview), whose rows the real list replaces once its
    // chunk loads: a key pressed on the preview's avatar under load went to a node already gone.
    await expect(clientPage.getByTestId('timeline-list')).toBeVisible();
    await avatar.focus();
    await clientPage.keyboard.press('Enter');
    const popup = clientPage.getByRole('dialog', { name: `Profile of ${pro.nickname}` });
    await expect(popup).toContainText('Feb 14, 1991');
    await expect(popup).toContainText('Female');
    await clientPage.keyboard.press('Escape');
  });

  await test.step('the client leaves a review with two images from the profile popup', async () => {
    const popup = await openProfile(clientPage, pro.nickname);
    await expect(popup.getByRole('region', { name: 'Reviews' })).toContainText('No reviews yet.');
    await popup.getByRole('button', { name: 'Rate' }).click();
    const dialog = clientPage.getByRole('dialog', { name: `Rate ${pro.nickname}` });
    const stars = dialog.getByRole('slider', { name: 'Rating' });
    // No rating is chosen at first, and saving asks for one.
    await expect(stars).toHaveAttribute('aria-valuetext', 'No rating chosen');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a rating from 0 to 5 stars.');
    await expectNoA11yViolations(clientPage, 'rating dialog');
    // The keyboard moves the stars in halves: none (0) → 4.5.
    await stars.focus();
    for (let i = 0; i < 9; i++) await stars.press('ArrowRight');
    await expect(stars).toHaveValue('4.5');
    await dialog.getByLabel('Comment').fill('Clear updates and careful work.');
    await dialog.getByLabel('Add image').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: png(40, 30, [220, 40, 40]) },
      { name: 'blue.png', mimeType: 'image/png', buffer: png(30, 40, [40, 80, 220]) },
    ]);
    await expect(dialog.getByRole('img')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const reviews = popup.getByRole('region', { name: 'Reviews' });
    await expect(reviews).toContainText('Clear updates and careful work.');
    await expect(reviews.getByRole('img', { name: /^Image \d of the review by/ })).toHaveCount(2);
    // One review per member and project: nothing more to rate.
    await expect(popup.getByRole('button', { name: 'Rate' })).toBeHidden();
  });
  await clientPage.context().close();

  const proPage = await pageFor(browser, pro);
  await test.step('the professional sees it in their profile popup with the average and the images', async () => {
    const popup = await openProfile(proPage, pro.nickname);
    const reviews = popup.getByRole('region', { name: 'Reviews' });
    await expect(reviews).toContainText('Average 4.5 of 5');
    await expect(reviews).toContainText('1 review');
    await expect(reviews).toContainText(client.nickname);
    await expect(reviews.getByRole('img', { name: '4.5 of 5 stars' })).toBeVisible();
    const images = reviews.getByRole('img', { name: /^Image \d of the review by/ });
    await expect(images).toHaveCount(2);
    // The images come through signed addresses without the access key, and really decode.
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('src', /^\/api\/file\/signed\?fileIdx=\d+&expires=\d+&signature=/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await expectNoA11yViolations(proPage, 'profile popup with reviews');
    // The reviewed member cannot rate themselves and cannot edit another's review.
    await expect(popup.getByRole('button', { name: 'Rate' })).toBeHidden();
    await expect(popup.getByRole('button', { name: 'Edit' })).toBeHidden();
  });
  await proPage.context().close();
});
