import { expect, test } from '@playwright/test';
import { startGithubFake, type GithubFake } from '../../apps/server/src/test/github-fake.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

/**
 * GitHub sync in the browser against a GitHub API fake on the port the app was configured with
 * (GITHUB_API_URL in playwright.config.ts): an admin connects with a personal access token, picks
 * the repository, branch and key; the backfill links the commits that mention stories and completes
 * the one a commit fixes; the timeline shows the keys and the story panel lists the commit.
 */
let gh: GithubFake;
test.beforeAll(async () => {
  gh = await startGithubFake(Number(process.env.E2E_GITHUB_PORT));
});
test.afterAll(async () => {
  await gh?.close();
});

test('an admin connects GitHub, and commits that mention stories show on the timeline and complete them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = newUser('ghadmin');
  const { key } = await signUpByApi(request, admin);
  const { projectIdx } = await createProjectByApi(request, key, 'Git shop');
  const milestone = await apiAs<{ milestoneIdx: number }>(request, key, 'POST', '/milestone', {
    projectIdx,
    title: 'Launch',
  });
  const login = await apiAs<{ storyIdx: number; storyNo: number }>(request, key, 'POST', '/story', {
    projectIdx,
    milestoneIdx: milestone.milestoneIdx,
    title: 'Login page',
  });
  const cart = await apiAs<{ storyIdx: number; storyNo: number }>(request, key, 'POST', '/story', {
    projectIdx,
    milestoneIdx: milestone.milestoneIdx,
    title: 'Cart',
  });
  gh.tokens.set('ghp_e2e_token', 'octo-e2e');
  gh.repos.push({ fullName: 'acme/shop', defaultBranch: 'main', private: true });
  gh.branches.set('acme/shop', ['main', 'develop']);
  gh.commits.set('acme/shop@main', [
    {
      sha: 'a1b2c3d'.padEnd(40, '0'),
      message: `Cart totals, SHOP-${cart.storyNo}`,
      login: 'octo',
      date: '2026-11-24T09:00:00Z',
    },
    {
      sha: 'f00d123'.padEnd(40, '0'),
      message: `Login form\n\nfixes SHOP-${login.storyNo}`,
      login: 'octo',
      date: '2026-11-23T09:00:00Z',
    },
  ]);

  await logIn(page, admin);
  await page.goto(`/#/setting?idx=${projectIdx}&tab=github`);

  await test.step('a wrong token is refused on its field; the right one connects', async () => {
    await page.getByTestId('github-token').fill('ghp_wrong');
    await page.getByTestId('github-token-submit').click();
    await expect(page.getByText('GitHub did not accept this token.', { exact: false })).toBeVisible();
    await page.getByTestId('github-token').fill('ghp_e2e_token');
    await page.getByTestId('github-token-submit').click();
    await expect(page.getByTestId('github-account')).toHaveText('octo-e2e');
  });

  await test.step('pick the repository, branch and key; the backfill links and completes', async () => {
    await page.getByRole('radio', { name: /acme\/shop/ }).check();
    await expect(page.getByTestId('github-branch')).toHaveValue('main');
    await page.getByTestId('github-key').fill('shop');
    await page.getByTestId('github-save').click();
    const entry = page.getByTestId('github-sync-entry').first();
    await expect(entry).toContainText('Backfill');
    await expect(entry).toContainText(`SHOP-${login.storyNo}`);
    await expect(page.getByTestId('github-webhook-url')).toHaveValue(
      `http://localhost:${new URL(page.url()).port}/api/github/webhook?projectIdx=${projectIdx}`,
    );
    await page.screenshot({ path: '/tmp/look-github-settings.png', fullPage: true });
    await expectNoA11yViolations(page, 'Settings › GitHub, connected');
  });

  await test.step('the timeline shows the keys; the story panel lists the linked commit', async () => {
    await page.goto(`/#/timeline/${projectIdx}`);
    await expect(page.getByText(`SHOP-${cart.storyNo}`, { exact: true }).first()).toBeVisible();
    await page.goto(`/#/timeline/${projectIdx}?selectedStory=${cart.storyIdx}`);
    const links = page.getByTestId('story-links');
    await expect(links.getByTestId('story-link')).toHaveCount(1);
    await expect(links).toContainText(`Cart totals, SHOP-${cart.storyNo}`);
    await expect(links).toContainText('a1b2c3d');
    // The panel's date fields arrive a moment later (their own chunk) and speak the app's format.
    await expect(page.locator('.date-input__text', { hasText: 'Mon D, YYYY' }).first()).toBeAttached();
    await page.screenshot({ path: '/tmp/look-github-timeline.png' });
  });

  const story = await apiAs<{ status: string }>(request, key, 'GET', `/story/${login.storyIdx}`);
  expect(story.status).toBe('completed');
});
