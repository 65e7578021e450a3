import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import { logIn, newUser, signUpByApi } from '../support/journeys.js';
import { seedProject } from '../support/project-fixture.js';

/**
 * Search everything from the keyboard (issue 34): Ctrl-K opens the command palette on a signed-in
 * page, typing finds the story (Vietnamese typed without its tones), Enter lands on it; axe
 * at desktop and phone width.
 */
test('Ctrl-K, type, Enter: lands on the story; axe finds nothing with the palette open', async ({
  page,
  request,
}) => {
  const user = newUser('search');
  const { key } = await signUpByApi(request, user);
  const { projectIdx, story } = await seedProject(request, key, 'Search shop');
  const renamed = await request.fetch(`/api/story/${story.storyIdx}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${key}` },
    data: { title: 'Đăng nhập bằng Google' },
  });
  expect(renamed.ok()).toBe(true);

  await logIn(page, user, '/#/profile');
  const box = page.getByRole('combobox', { name: 'Search stories, documents, people and actions' });
  // The palette is its own chunk: the shortcut works once it is in.
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(box).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(box).toBeFocused();
  await expect(page.getByRole('option', { name: /Profile settings/ })).toBeVisible();
  await box.fill('dang nhap');
  await expect(page.getByRole('status').filter({ hasText: /^1 result$/ })).toBeVisible();
  await expect(page.getByRole('option').first()).toContainText('Đăng nhập bằng Google');
  await expect(page.getByRole('option').first().locator('mark').first()).toHaveText('Đăng');
  await expectNoA11yViolations(page, 'the command palette with a result');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/timeline/${projectIdx}\\?selectedStory=${story.storyIdx}`));
  await expect(page.getByTestId('story-detail').getByLabel('Title')).toHaveValue('Đăng nhập bằng Google');

  // The story is now a recent item, first when the palette opens empty.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('option').first()).toContainText('Đăng nhập bằng Google');
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);

  // On a desktop the header's search button opens it too, and gets the focus back.
  const searchButton = page.getByTestId('search-button');
  await searchButton.click();
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(searchButton).toBeFocused();

  // At phone width there is no shortcut to press and no room in the header: the menu's first entry
  // opens the palette, which fits and passes axe too; closing it gives focus to the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(searchButton).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  const shots = process.env.E2E_SHOTS;
  if (shots) {
    // The menu slides in: the picture waits for the slide to end.
    await page
      .getByTestId('left-menu')
      .evaluate((menu) => Promise.all(menu.getAnimations().map((slide) => slide.finished)));
    await page.screenshot({ path: `${shots}/search-menu-phone.png` });
  }
  await page.getByTestId('menu-search').click();
  await expect(box).toBeFocused();
  await box.fill('dang nhap');
  await expect(page.getByRole('option').first()).toContainText('Đăng nhập bằng Google');
  const listbox = await page.getByRole('listbox').boundingBox();
  expect(listbox && listbox.x >= 0 && listbox.x + listbox.width <= 390).toBe(true);
  await expectNoA11yViolations(page, 'the command palette with a result at phone width');
  if (shots) await page.screenshot({ path: `${shots}/search-palette-phone.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('menu-button')).toBeFocused();
});
