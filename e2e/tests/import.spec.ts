import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import { createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

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
