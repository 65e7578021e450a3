import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

const dayCode = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

/** A small real project through the planning API: 5 stories in 4 statuses, one late milestone, 2.5 h. */
async function seedProject(request: APIRequestContext, key: string, projectIdx: number) {
  const post = <T>(path: string, data: object) =>
    apiAs<T>(request, key, 'POST', path, { projectIdx, ...data });
  const patch = (path: string, data: object) => apiAs(request, key, 'PATCH', path, data);
  type Created = { milestoneIdx: number; storyIdx: number };
  const late = await post<Created>('/milestone', { title: 'Discovery', endDt: dayCode(-2) });
  const build = await post<Created>('/milestone', { title: 'Build', endDt: dayCode(20) });
  const story = (title: string, milestoneIdx: number | null, extra: object = {}) =>
    post<Created>('/story', { title, milestoneIdx, ...extra });
  const done1 = await story('Interviews', late.milestoneIdx);
  const done2 = await story('Sitemap', late.milestoneIdx);
  const running = await story('Login screen', build.milestoneIdx, { endDt: dayCode(3) });
  await story('Payment screen', build.milestoneIdx);
  await story('Dark mode', null);
  for (const s of [done1, done2, running]) await patch(`/story/${s.storyIdx}`, { status: 'inProgress' });
  for (const s of [done1, done2]) await patch(`/story/${s.storyIdx}`, { status: 'completed' });
  await post('/timekeeping', { storyIdx: running.storyIdx, workDt: dayCode(0), minutes: 150 });
  return { late, build, running };
}

test('a professional sees the real numbers of the project and follows a link into the timeline', async ({
  page,
  request,
}) => {
  const user = newUser('dashpro');
  const { key } = await signUpByApi(request, user);
  const { projectIdx } = await createProjectByApi(request, key, 'Shop relaunch');
  const { running } = await seedProject(request, key, projectIdx);
  // The creator assigns the running story to themself: "my work" then lists it.
  const roles = await apiAs<{ memberInProjectIdx: number }>(
    request,
    key,
    'GET',
    `/project/${projectIdx}/roles`,
  );
  await apiAs(request, key, 'PATCH', `/assignee/${running.storyIdx}`, {
    assignees: [roles.memberInProjectIdx],
  });

  await logIn(page, user);
  await page.goto(`/#/dashboard/${projectIdx}`);
  const dashboard = page.getByTestId('dashboard');
  await expect(dashboard.getByRole('heading', { name: 'Shop relaunch' })).toBeVisible();

  await test.step('stories by status', async () => {
    await expect(page.getByTestId('status-completed')).toContainText('2');
    await expect(page.getByTestId('status-inProgress')).toContainText('1');
    await expect(page.getByTestId('status-pending')).toContainText('2');
    await expect(page.getByTestId('status-delayed')).toContainText('0');
  });

  await test.step('progress, own work and hours', async () => {
    // 2 of 5 accepted stories completed.
    await expect(page.getByTestId('kpi-progress-value')).toHaveText('40%');
    await expect(page.getByTestId('kpi-progress')).toContainText('2 of 5 stories completed');
    await expect(page.getByTestId('kpi-my-open-value')).toHaveText('1');
    await expect(page.getByTestId('kpi-my-hours-value')).toHaveText('2.5 h');
    await expect(page.getByTestId('dash-mine')).toContainText('Login screen');
    await expect(page.getByTestId('team-hours')).toContainText('2.5 h');
  });

  await test.step('milestones, deadlines and activity', async () => {
    await expect(page.getByTestId('dash-milestones')).toContainText('2/2 stories');
    await expect(page.getByTestId('dash-milestones')).toContainText('0/2 stories');
    await expect(page.getByTestId('kpi-delayed-value')).toHaveText('1');
    await expect(page.getByTestId('dash-delayed')).toContainText('Discovery');
    await expect(page.getByTestId('dash-upcoming')).toContainText('Login screen');
    await expect(page.getByTestId('dash-activity')).toContainText('moved to Completed');
  });

  await test.step('live: a story created elsewhere shows up without a reload', async () => {
    await expect(page.getByTestId('dashboard-live')).toHaveText('Live');
    await apiAs(request, key, 'POST', '/story', { projectIdx, title: 'Created elsewhere' });
    await expect(page.getByTestId('status-pending')).toContainText('3');
    await expect(page.getByTestId('dash-activity')).toContainText('Created elsewhere');
  });

  await test.step('a story in my work opens in the timeline', async () => {
    await page.getByTestId('dash-mine').getByRole('link', { name: 'Login screen' }).click();
    await expect(page).toHaveURL(new RegExp(`#/timeline/${projectIdx}\\?selectedStory=${running.storyIdx}`));
  });
});

test('a client sees approvals waiting and an empty spend with the way to settlement; a new project shows the way to the timeline', async ({
  page,
  request,
}) => {
  const user = newUser('dashcli');
  const { key } = await signUpByApi(request, user);
  const { projectIdx } = await createProjectByApi(request, key, 'Client project', true);
  await logIn(page, user);
  // Their only project is on the client list, so the session starts in client mode.
  await expect(page.getByTestId('user-box')).toContainText('Client mode');
  await page.goto(`/#/dashboard/${projectIdx}`);
  await expect(page.getByTestId('dashboard-empty')).toContainText('No stories yet');
  await expect(page.getByRole('link', { name: 'Go to the timeline' })).toHaveAttribute(
    'href',
    `#/timeline/${projectIdx}`,
  );

  // A client's own story is a proposal (in review): the dashboard fills in and shows the client view.
  await apiAs(request, key, 'POST', '/story', { projectIdx, title: 'Please add a newsletter' });
  await page.reload();
  await expect(page.getByTestId('status-considering')).toContainText('1');
  await expect(page.getByTestId('kpi-approvals-value')).toHaveText('0');
  await expect(page.getByTestId('dash-approvals')).toContainText(
    'No milestone is waiting for your approval.',
  );
  const spend = page.getByTestId('dash-spend');
  await expect(spend).toContainText('Nothing approved or paid this month or last month yet.');
  await expect(spend.getByRole('link', { name: 'Open settlement' })).toHaveAttribute(
    'href',
    `#/calculate/client/${projectIdx}`,
  );
  await expect(page.getByTestId('dash-mine')).toHaveCount(0);
});
