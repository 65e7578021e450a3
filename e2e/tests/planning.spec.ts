import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiAs,
  createProjectByApi,
  joinByInvitation,
  logIn,
  newUser,
  signUpByApi,
} from '../support/journeys.js';

const titles = (page: Page) => page.getByTestId('story-row').locator('.tl-title');

/**
 * Keyboard move of a story: space picks it up, arrows move it, space drops it. Each step waits for
 * the screen reader announcement, as the sensor needs the list re-measured between keys.
 */
async function moveByKeyboard(page: Page, title: string, key: 'ArrowUp' | 'ArrowDown', over: string) {
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: `Drag to move ${title}` }).focus();
  await page.keyboard.press('Space');
  await expect(announcement).toHaveText(`Picked up ${title}.`);
  // dnd-kit's keyboard sensor starts listening for arrows in a setTimeout(0) after the pick-up, and
  // the announcement can be drawn before it: a timer of ours queued now runs after that one.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press(key);
  await expect(announcement).toHaveText(`${title} is over ${over}.`);
  await page.keyboard.press('Space');
  await expect(announcement).toHaveText(`${title} was dropped.`);
}

async function addStory(page: Page, milestone: string, title: string) {
  await page.getByRole('button', { name: `New story in ${milestone}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Story title').fill(title);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  // A new story opens in the detail panel.
  await expect(page.getByTestId('story-detail').getByLabel('Title')).toHaveValue(title);
}

/** Pointer drag of a row's handle onto another row, in small steps as a person would. */
async function dragOnto(page: Page, handle: Locator, target: Locator, offsetY: number) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + offsetY, { steps: 12 });
  await page.mouse.up();
}

test('plan a milestone, reorder by drag and drop, log time, request approval; the client approves live', async ({
  page,
  browser,
  request,
}) => {
  const pro = newUser('planpro');
  const client = newUser('plancli');
  const { key: proKey } = await signUpByApi(request, pro);
  const { key: clientKey } = await signUpByApi(request, client);
  const { projectIdx } = await createProjectByApi(request, proKey, 'Shop relaunch');
  await joinByInvitation(request, { adminKey: proKey, projectIdx, role: 'client' }, client, clientKey);

  await logIn(page, pro);
  await page.goto(`/#/timeline/${projectIdx}`);
  await expect(page.getByTestId('timeline-empty')).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText('Live');

  await test.step('create a milestone and three stories', async () => {
    await page.getByRole('button', { name: 'Add milestone' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Milestone title').fill('Sprint 1');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByTestId('milestone-detail')).toBeVisible();
    await expect(page.getByTestId('milestone-row')).toContainText('Sprint 1');
    for (const title of ['Alpha', 'Beta', 'Gamma']) await addStory(page, 'Sprint 1', title);
    await page.getByRole('button', { name: 'Close details' }).click();
    await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Gamma']);
  });

  await test.step('drag Gamma to the top; the order survives a reload', async () => {
    const gamma = page.getByTestId('story-row').filter({ hasText: 'Gamma' });
    const alpha = page.getByTestId('story-row').filter({ hasText: 'Alpha' });
    await dragOnto(page, gamma.getByTestId('drag-handle'), alpha, 4);
    await expect(titles(page)).toHaveText(['Gamma', 'Alpha', 'Beta']);
    // One order call saved it: wait until nothing is pending, then reload.
    await expect
      .poll(async () => {
        const timeline = await apiAs<{ milestones: { stories: { title: string }[] }[] }>(
          request,
          proKey,
          'GET',
          `/milestone/timeline?projectIdx=${projectIdx}`,
        );
        return timeline.milestones[0]?.stories.map((s) => s.title);
      })
      .toEqual(['Gamma', 'Alpha', 'Beta']);
    await page.reload();
    await expect(titles(page)).toHaveText(['Gamma', 'Alpha', 'Beta']);
  });

  await test.step('move Beta up by keyboard', async () => {
    await moveByKeyboard(page, 'Beta', 'ArrowUp', 'Alpha');
    await expect(titles(page)).toHaveText(['Gamma', 'Beta', 'Alpha']);
  });

  await test.step('log 1 h 30 min on Alpha', async () => {
    await page.getByRole('button', { name: 'Alpha', exact: true }).click();
    const detail = page.getByTestId('story-detail');
    const form = detail.getByRole('form', { name: 'Log time' });
    await form.getByLabel('Hours').fill('1');
    await form.getByLabel('Minutes').fill('30');
    await form.getByLabel('Note').fill('Kick-off');
    await form.getByRole('button', { name: 'Log time' }).click();
    await expect(detail.getByTestId('time-list')).toContainText('1 h 30 min');
    await expect(detail.getByTestId('time-list')).toContainText('Kick-off');
    // A second, mistaken entry is deleted again (own entries may be deleted in bulk).
    await form.getByLabel('Hours').fill('0');
    await form.getByLabel('Minutes').fill('15');
    await form.getByLabel('Note').fill('Typo');
    await form.getByRole('button', { name: 'Log time' }).click();
    const typo = detail.getByTestId('time-list').getByRole('listitem').filter({ hasText: 'Typo' });
    await typo.getByRole('checkbox').check();
    await detail.getByRole('button', { name: 'Delete selected (1)' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '1 entry deleted.' })).toBeVisible();
    await expect(detail.getByTestId('time-list').getByRole('listitem')).toHaveCount(1);
    await expect(detail.getByTestId('time-total')).toHaveText('Total 1 h 30 min');
    await expect(detail.getByTestId('history-list')).toContainText(`${pro.nickname} created “Alpha”.`);
  });

  // The client has the milestone open before anything is requested.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  const milestoneIdx = Number(await page.getByTestId('milestone-row').getAttribute('data-milestone'));
  await logIn(clientPage, client);
  await clientPage.goto(`/#/timeline/${projectIdx}?selectedMilestone=${milestoneIdx}`);
  const clientDetail = clientPage.getByTestId('milestone-detail');
  await expect(clientDetail).toBeVisible();
  await expect(clientPage.getByTestId('live-status')).toHaveText('Live');
  await expect(clientDetail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(clientPage.getByRole('button', { name: 'Drag to move Alpha' })).toHaveCount(0);

  await test.step('the professional requests approval', async () => {
    await page.getByRole('button', { name: 'Sprint 1', exact: true }).click();
    const detail = page.getByTestId('milestone-detail');
    await detail.getByRole('button', { name: 'Request approval' }).click();
    await expect(detail.locator('.status-badge').first()).toHaveText('Awaiting approval');
    await expect(detail.getByText('Waiting for the client to approve.')).toBeVisible();
  });

  await test.step('the client sees it live and approves', async () => {
    await expect(clientDetail.locator('.status-badge').first()).toHaveText('Awaiting approval');
    await expect(clientPage.getByTestId('story-row').locator('.tl-title')).toHaveText([
      'Gamma',
      'Beta',
      'Alpha',
    ]);
    await clientDetail.getByRole('button', { name: 'Approve' }).click();
    await expect(clientDetail.locator('.status-badge').first()).toHaveText('Approved');
  });

  await test.step('the professional sees the approval live, and the history tells each step', async () => {
    await expect(page.getByTestId('milestone-row').locator('.status-badge')).toHaveText('Approved');
    const history = page.getByTestId('milestone-detail').getByTestId('history-list');
    await expect(history).toContainText(`${client.nickname} approved the milestone.`);
    await expect(history).toContainText(`${pro.nickname} requested approval.`);
    await expect(history).toContainText(`${pro.nickname} created “Sprint 1”.`);
  });

  await clientContext.close();
});

test('epics with progress; the client rejects with a reason; a refused move rolls back with a toast', async ({
  page,
  browser,
  request,
}) => {
  const pro = newUser('epicpro');
  const client = newUser('epiccli');
  const { key: proKey } = await signUpByApi(request, pro);
  const { key: clientKey } = await signUpByApi(request, client);
  const { projectIdx } = await createProjectByApi(request, proKey, 'Epic project');
  await joinByInvitation(request, { adminKey: proKey, projectIdx, role: 'client' }, client, clientKey);
  const m = await apiAs<{ milestoneIdx: number }>(request, proKey, 'POST', '/milestone', {
    projectIdx,
    title: 'Release',
  });
  const one = await apiAs<{ storyIdx: number }>(request, proKey, 'POST', '/story', {
    projectIdx,
    milestoneIdx: m.milestoneIdx,
    title: 'Checkout form',
    point: 3,
  });
  await apiAs(request, proKey, 'POST', '/story', {
    projectIdx,
    milestoneIdx: m.milestoneIdx,
    title: 'Receipt',
  });

  await logIn(page, pro);
  await page.goto(`/#/epic/${projectIdx}`);
  await expect(page.getByText('No epics yet.')).toBeVisible();

  await test.step('create an epic and put a story in it from the detail panel', async () => {
    await page.getByRole('button', { name: 'Add epic' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Label').fill('Payments');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('epic-card')).toContainText('Payments');
    await expect(page.getByTestId('epic-count')).toHaveText('1 / 30 epics');

    await page.goto(`/#/timeline/${projectIdx}?selectedStory=${one.storyIdx}`);
    const detail = page.getByTestId('story-detail');
    await detail.getByLabel('Epic', { exact: true }).selectOption({ label: 'Payments' });
    await expect(page.getByTestId('story-row').filter({ hasText: 'Checkout form' })).toContainText(
      'Payments',
    );
    await detail.getByLabel('Status', { exact: true }).selectOption({ label: 'In progress' });
    await detail.getByLabel('Status', { exact: true }).selectOption({ label: 'Completed' });
    await expect(detail.getByTestId('history-list')).toContainText(
      `${pro.nickname} changed the status from In progress to Completed.`,
    );
    await expect(detail.getByTestId('history-list')).toContainText(
      `${pro.nickname} changed the epic from none to Payments.`,
    );

    await page.goto(`/#/epic/${projectIdx}`);
    const card = page.getByTestId('epic-card');
    await expect(card).toContainText('1 / 1 story done');
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await card.getByRole('button', { name: 'Show stories' }).click();
    await expect(card.getByRole('link', { name: 'Checkout form' })).toBeVisible();
  });

  await test.step('a move the server refuses goes back, with the translated error', async () => {
    await page.goto(`/#/timeline/${projectIdx}`);
    await expect(titles(page)).toHaveText(['Checkout form', 'Receipt']);
    await page.route('**/api/story/order', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'STORY_NOT_FOUND', message: 'gone' } }),
      }),
    );
    await moveByKeyboard(page, 'Receipt', 'ArrowUp', 'Checkout form');
    await expect(page.getByTestId('toast').filter({ hasText: 'The story does not exist.' })).toBeVisible();
    await expect(titles(page)).toHaveText(['Checkout form', 'Receipt']);
    await page.unroute('**/api/story/order');
  });

  await test.step('the client rejects with a reason; the professional sees why', async () => {
    await apiAs(request, proKey, 'PATCH', `/milestone/approved/${m.milestoneIdx}`, { action: 'request' });
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    await logIn(clientPage, client);
    await clientPage.goto(`/#/timeline/${projectIdx}?selectedMilestone=${m.milestoneIdx}`);
    const detail = clientPage.getByTestId('milestone-detail');
    await detail.getByRole('button', { name: 'Reject' }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Reject the milestone' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Give a reason for the rejection.');
    await dialog.getByLabel('Reason').fill('The receipt is missing the VAT line');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toBeHidden();
    await expect(detail.locator('.status-badge').first()).toHaveText('Rejected');
    await clientContext.close();

    await page.getByRole('button', { name: 'Release', exact: true }).click();
    const proDetail = page.getByTestId('milestone-detail');
    await expect(proDetail).toContainText('Reason for rejection: The receipt is missing the VAT line');
    await expect(proDetail.getByTestId('history-list')).toContainText(
      `${client.nickname} rejected the milestone: The receipt is missing the VAT line`,
    );
    // A rejected milestone can be sent for approval again.
    await expect(proDetail.getByRole('button', { name: 'Request approval' })).toBeVisible();
  });
});
