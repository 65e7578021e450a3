import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { hasChromium } from '../playwright.config.js';
import { linkFromOutbox } from '../support/outbox.js';
import {
  apiAs,
  createProjectByApi,
  logIn,
  newUser,
  signUpByApi,
  type TestUser,
} from '../support/journeys.js';

test.skip(!hasChromium, 'no Chromium at /usr/bin/chromium (apt-get install -y chromium)');

/**
 * The client joins through the real invitation routes: the professional invites by e-mail, the
 * client takes the token from the mail and accepts it with their own session.
 */
async function inviteClient(
  request: APIRequestContext,
  adminKey: string,
  clientKey: string,
  projectIdx: number,
  client: TestUser,
) {
  const since = Date.now();
  await apiAs(request, adminKey, 'POST', '/member-in-project/invite', {
    projectIdx,
    email: client.email,
    role: 'client',
  });
  const link = await linkFromOutbox(client.email, '/verify/invite', since);
  const token = new URL(link, 'http://x').hash.split('token=')[1];
  await apiAs(request, clientKey, 'POST', '/member-in-project/invite/accept', { token });
}

const titles = (page: Page) => page.getByTestId('story-row').locator('.tl-title');

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
  await inviteClient(request, proKey, clientKey, projectIdx, client);

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
    const handle = page.getByRole('button', { name: 'Drag to move Beta' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
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
