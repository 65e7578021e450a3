import { expect, test } from '@playwright/test';
import { startGithubFake, type GithubFake } from '../../apps/server/src/test/github-fake.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { apiAs, createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

/** A Jira CSV export as Jira writes it: repeated Sprint and Comment columns, a multi-line description. */
const jira = [
  'Summary,Issue key,Issue Type,Status,Assignee,Due date,Description,Epic Link,Sprint,Comment,Comment',
  '결제 개편,SHOP-1,Epic,In Progress,,,,,,,',
  '카드 결제 화면,SHOP-2,Story,In Progress,nobody@elsewhere.example,20/Mar/26,"첫 줄\n둘째 줄, ""따옴표""",SHOP-1,Sprint 1,"02/Mar/26 10:00 AM;kim;좋습니다","03/Mar/26 11:00 AM;lee;확인"',
  'Trang thanh toán,SHOP-3,Story,Done,,2026-03-25,Mô tả,SHOP-1,Sprint 1,,',
  ',SHOP-4,Story,To Do,,,,,,,',
  'Bad date,SHOP-5,Story,To Do,,next friday,,,Sprint 2,,',
].join('\r\n');

test('a manager previews a Jira export, imports it with a progress bar and undoes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = newUser('importer');
  const { key } = await signUpByApi(request, admin);
  const { projectIdx } = await createProjectByApi(request, key, 'Imported shop');
  await logIn(page, admin);
  await page.goto(`/#/setting?idx=${projectIdx}&tab=import`);
  await page.getByTestId('settings-tab-import').click();
  await expect(page.getByTestId('import-section')).toBeVisible();

  await test.step('a malformed file is refused with a clear message', async () => {
    await page.getByTestId('import-file').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Summary,Issue key\n"unterminated,SHOP-1\n'),
    });
    await expect(page.getByTestId('import-error')).toHaveText(
      'The file could not be read: it is not a valid export of this kind.',
    );
  });

  await test.step('the preview counts what will come and lists the problems; axe finds nothing', async () => {
    await page.getByTestId('import-file').setInputFiles({
      name: 'jira.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(jira),
    });
    await expect(page.getByTestId('import-count-stories')).toContainText('3');
    await expect(page.getByTestId('import-count-milestones')).toContainText('2');
    await expect(page.getByTestId('import-unmatched')).toContainText('nobody@elsewhere.example');
    await expect(page.getByTestId('import-problems')).toContainText('Row 5');
    await expectNoA11yViolations(page, 'import preview');
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('importing shows progress, then the result with a timeline link', async () => {
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-result')).toContainText(
      'Imported: 3 stories, 1 epics, 2 milestones, 2 comments.',
    );
    await expect(page.getByRole('link', { name: 'Open the timeline' })).toBeVisible();
    await expectNoA11yViolations(page, 'import result');
  });

  await test.step('undo removes it all', async () => {
    await page.getByTestId('import-undo').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('import-result')).toContainText('The import was undone.');
    await page.setViewportSize({ width: 390, height: 844 });
  });
});

test.describe('GitHub Issues', () => {
  // The fake GitHub the app is configured with (playwright.config.ts, E2E_GITHUB_PORT).
  let gh: GithubFake;
  test.beforeAll(async () => {
    gh = await startGithubFake(Number(process.env.E2E_GITHUB_PORT));
  });
  test.afterAll(async () => {
    await gh?.close();
  });

  test('an admin brings a repository’s issues in through the GitHub connection', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = newUser('ghimporter');
    const { key } = await signUpByApi(request, admin);
    const { projectIdx } = await createProjectByApi(request, key, 'Issues shop');
    gh.tokens.set('ghp_import_e2e', 'octo-import');
    gh.repos.push({ fullName: 'acme/tracker', defaultBranch: 'main', private: true });
    const base = {
      body: null,
      labels: [] as string[],
      assignees: [] as string[],
      milestone: null,
      login: 'octo-import',
      created: '2026-02-01T09:00:00Z',
      closed: null,
    };
    gh.issues.set('acme/tracker', [
      { ...base, number: 4, title: 'Fix checkout', state: 'open', stateReason: null, pullRequest: true },
      {
        ...base,
        number: 3,
        title: 'Dark mode',
        state: 'closed',
        stateReason: 'not_planned',
        closed: '2026-03-01T00:00:00Z',
      },
      {
        ...base,
        number: 2,
        title: 'Sửa lỗi thanh toán',
        body: 'Mô tả',
        state: 'closed',
        stateReason: 'completed',
        milestone: { number: 1, title: 'v1.0', dueOn: '2026-04-30T07:00:00Z' },
        closed: '2026-03-01T00:00:00Z',
      },
      {
        ...base,
        number: 1,
        title: '결제 화면 오류',
        body: '카드 결제 후 멈춤',
        state: 'open',
        stateReason: null,
        labels: ['버그'],
        assignees: ['octo-import'],
        milestone: { number: 1, title: 'v1.0', dueOn: '2026-04-30T07:00:00Z' },
      },
    ]);
    gh.comments.set('acme/tracker#1', [
      { id: 1, login: 'octo-import', body: '확인했습니다', created: '2026-02-02T00:00:00Z' },
    ]);
    await logIn(page, admin);
    await page.goto(`/#/setting?idx=${projectIdx}&tab=import`);
    await page.getByTestId('settings-tab-import').click();

    await test.step('without a GitHub connection the page says so and leads to Settings › GitHub', async () => {
      await page.getByTestId('import-source').selectOption('github');
      await expect(page.getByTestId('import-github-missing')).toContainText(
        'This project is not connected to GitHub.',
      );
      await page.getByRole('link', { name: 'Open Settings › GitHub' }).click();
      await expect(page.getByTestId('settings-tab-github')).toHaveAttribute('aria-selected', 'true');
    });

    await apiAs(request, key, 'POST', '/github/token', { projectIdx, token: 'ghp_import_e2e' });
    await page.getByTestId('settings-tab-import').click();

    await test.step('the source is the repository, and the preview counts issues without the pull request', async () => {
      await page.getByTestId('import-source').selectOption('github');
      await expect(page.getByTestId('import-repo')).toHaveValue('acme/tracker');
      await page.getByTestId('import-github-preview').click();
      await expect(page.getByTestId('import-count-stories')).toContainText('3');
      await expect(page.getByTestId('import-count-milestones')).toContainText('1');
      await expect(page.getByTestId('import-count-comments')).toContainText('1');
      await expect(page.getByLabel('not planned')).toHaveValue('rejected');
      await expectNoA11yViolations(page, 'GitHub import preview');
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('importing writes them; the same repository again has nothing new', async () => {
      await page.getByTestId('import-start').click();
      await expect(page.getByTestId('import-result')).toContainText(
        'Imported: 3 stories, 1 epics, 1 milestones, 1 comments.',
      );
      await page.getByRole('button', { name: 'Import another file' }).click();
      await page.getByTestId('import-source').selectOption('github');
      await page.getByTestId('import-github-preview').click();
      await expect(page.getByTestId('import-count-alreadyImported')).toContainText('3');
      await expect(page.getByTestId('import-start')).toBeDisabled();
    });
  });
});
