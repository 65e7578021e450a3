import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import {
  apiAs,
  createProjectByApi,
  joinByInvitation,
  logIn,
  newUser,
  signUpByApi,
} from '../support/journeys.js';

/**
 * Notifications in the browser: member A assigns member B to a story; B's bell counts it live, B
 * opens the notice and lands on the story, then marks everything read.
 */
test('an assignment reaches the assignee’s bell live and leads to the story', async ({ page, request }) => {
  const ann = newUser('notia');
  const bo = newUser('notib');
  const { key: annKey } = await signUpByApi(request, ann);
  const { key: boKey } = await signUpByApi(request, bo);
  const { projectIdx } = await createProjectByApi(request, annKey, 'Bell project');

  // Bo joins through the real invitation (an invitation to an existing account is itself a notice).
  const joined = await joinByInvitation(request, { adminKey: annKey, projectIdx, role: 'depth2' }, bo, boKey);

  await logIn(page, bo);
  await page.goto(`/#/timeline/${projectIdx}`);
  const bell = page.getByTestId('notification-bell');
  await expect(page.getByTestId('notification-count')).toHaveText('1');

  // Ann assigns Bo; the bell counts it without a reload.
  const story = await apiAs<{ storyIdx: number }>(request, annKey, 'POST', '/story', {
    projectIdx,
    title: 'Write the release notes',
  });
  await apiAs(request, annKey, 'PATCH', `/assignee/${story.storyIdx}`, {
    assignees: [joined.memberInProjectIdx],
  });
  await expect(page.getByTestId('notification-count')).toHaveText('2');
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, 2 unread');

  await bell.click();
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`${ann.nickname} assigned you to “Write the release notes”`);
  await expect(items.nth(1)).toContainText(`${ann.nickname} invited you to Bell project`);
  // The panel with unread notices passes axe (their timestamps once failed colour contrast).
  await expectNoA11yViolations(page, 'the bell’s panel with unread notices');

  // Opening the notice marks it read and lands on the story.
  await items.first().getByText('Write the release notes').click();
  await expect(page).toHaveURL(new RegExp(`#/timeline/${projectIdx}\\?selectedStory=${story.storyIdx}`));
  await expect(page.getByTestId('story-detail').getByLabel('Title')).toHaveValue('Write the release notes');
  await expect(page.getByTestId('notification-count')).toHaveText('1');

  await bell.click();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect(bell).toHaveAttribute('aria-label', 'Notifications');
  await expect(page.getByTestId('notification-item').locator('button', { hasText: 'Mark read' })).toHaveCount(
    0,
  );

  // Bo chooses: no e-mails for assignments (the profile's notifications section).
  await page.goto('/#/profile');
  const section = page.getByRole('region', { name: 'Notifications' });
  const row = section.getByTestId('notification-setting-storyAssigned');
  await row.getByRole('checkbox', { name: 'Assigned to a story: E-mail' }).uncheck();
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();
  const saved = await apiAs<{ kinds: { kind: string; email: boolean }[] }>(
    request,
    boKey,
    'GET',
    '/member/notification-setting',
  );
  expect(saved.kinds.find((k) => k.kind === 'storyAssigned')?.email).toBe(false);
});
