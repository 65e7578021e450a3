import { expect, test } from '@playwright/test';
import { discordReceiver } from '../support/discord-receiver.js';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

test('an admin adds a Discord webhook, a story change arrives at the receiver and in the delivery log', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await discordReceiver();
  try {
    const admin = newUser('hookadmin');
    const { key } = await signUpByApi(request, admin);
    const { projectIdx } = await createProjectByApi(request, key, 'Hooked shop');
    const story = await apiAs<{ storyIdx: number }>(request, key, 'POST', '/story', {
      projectIdx,
      title: 'Checkout page',
      milestoneIdx: null,
    });
    await logIn(page, admin);
    await page.goto(`/#/setting?idx=${projectIdx}&tab=webhooks`);
    await page.getByTestId('settings-tab-webhooks').click();
    await expect(page.getByText('No webhooks yet.', { exact: false })).toBeVisible();

    await test.step('a bad address is refused on its field', async () => {
      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-type').selectOption('discord');
      await page.getByTestId('webhook-url').fill('not a url');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'webhook URL' })).toBeVisible();
    });

    await test.step('the hook is added and "send test" shows the answer', async () => {
      await page.getByTestId('webhook-url').fill(receiver.url);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('webhook-row')).toHaveCount(1);
      await page.getByTestId('webhook-test').click();
      await expect(page.getByTestId('webhook-test-result')).toContainText('HTTP 204');
      expect(receiver.received).toHaveLength(1);
    });

    await test.step('a story change arrives as a Discord message and shows in the log', async () => {
      await apiAs(request, key, 'PATCH', `/story/${story.storyIdx}`, { title: 'Checkout page v2' });
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(1);
      const message = receiver.received.at(-1)!;
      expect(message.embeds[0]!.title).toBe('Checkout page v2');
      expect(message.embeds[0]!.url).toContain(`/timeline/${projectIdx}?selectedStory=${story.storyIdx}`);
      await page.getByTestId('webhook-log-toggle').click();
      const row = page.getByTestId('webhook-delivery').filter({ hasText: 'story.updated' });
      await expect(row).toContainText('Delivered');
      await expect(row).toContainText('204');
    });
  } finally {
    await receiver.close();
  }
});
