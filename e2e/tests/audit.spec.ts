import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { languages, type Language } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { expectNoA11yViolations } from '../support/axe.js';
import {
  apiAs,
  createProjectByApi,
  joinByInvitation,
  logIn,
  newUser,
  signUpByApi,
} from '../support/journeys.js';

/** Where the screenshots of this journey go (E2E_SHOTS to keep them), one per page, size and language. */
const shots = process.env.E2E_SHOTS;

test('an admin changes a role, finds it in Settings › Audit, filters the log and downloads it as CSV', async ({
  page,
  request,
}) => {
  const admin = newUser('auditadm');
  const member = newUser('auditdev');
  const adminTokens = await signUpByApi(request, admin);
  const memberTokens = await signUpByApi(request, member);
  const project = await createProjectByApi(request, adminTokens.key, `Audit ${Date.now().toString(36)}`);
  await joinByInvitation(
    request,
    { adminKey: adminTokens.key, projectIdx: project.projectIdx, role: 'depth2' },
    member,
    memberTokens.key,
  );

  await test.step('the admin makes the member a team lead in Settings › Members', async () => {
    await logIn(page, admin);
    await page.goto('/#/setting?tab=members');
    const row = page.locator('[data-testid^="member-row-"]').filter({ hasText: member.nickname });
    await row.getByTestId('member-role').selectOption('depth1');
    await expect(page.getByTestId('toast').filter({ hasText: 'Member updated.' })).toBeVisible();
  });

  await test.step('Settings › Audit shows who changed whose role, from where, with which browser', async () => {
    await page.getByTestId('settings-tab-audit').click();
    const section = page.getByTestId('audit-section');
    await expect(section.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    const record = section
      .getByTestId('audit-record')
      .filter({ hasText: `${admin.nickname} changed the role of ${member.nickname}` });
    await expect(record).toBeVisible();
    await expect(record).toContainText('Role: Team member → Team lead');
    await expect(record).toContainText(/Chrom(e|ium)/);
    // The invitation, the member joining and the role change are all there.
    await expect(section.getByTestId('audit-record')).toHaveCount(3);
    await expectNoA11yViolations(page, 'Settings › Audit');
  });

  await test.step('filters by kind and by person narrow the list; an empty result says so', async () => {
    const section = page.getByTestId('audit-section');
    await section.getByTestId('audit-kind').selectOption('member.role_changed');
    await expect(section.getByTestId('audit-record')).toHaveCount(1);
    await section.getByTestId('audit-kind').selectOption('');
    await section.getByTestId('audit-person').selectOption({ label: member.nickname });
    // The member's joining and the role change concern them; the invitation too (their account).
    await expect(section.getByTestId('audit-record')).toHaveCount(3);
    await section.getByTestId('audit-kind').selectOption('card');
    await expect(section.getByTestId('audit-empty')).toHaveText('No records match.');
    await section.getByRole('button', { name: 'Clear' }).click();
    await expect(section.getByTestId('audit-record')).toHaveCount(3);
  });

  await test.step('the CSV of the filtered list downloads, guarded and in English', async () => {
    const section = page.getByTestId('audit-section');
    await section.getByTestId('audit-kind').selectOption('member');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByTestId('audit-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^audit-${project.projectIdx}-.*\\.csv$`));
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFFRecord,Time (UTC),Kind,Event,Changes')).toBe(true);
    expect(text).toContain('member.role_changed');
    expect(text).toContain(`${admin.nickname} changed the role of ${member.nickname}`);
    expect(text.trim().split('\r\n')).toHaveLength(4);
    // The download is itself on the record.
    await section.getByTestId('audit-kind').selectOption('audit');
    await expect(section.getByTestId('audit-record')).toHaveCount(1);
    await expect(section.getByTestId('audit-record')).toContainText(
      `${admin.nickname} downloaded the audit log (3 records)`,
    );
  });

  await test.step('a member reads their own account activity in the profile', async () => {
    await page.goto('/#/profile');
    const own = page.getByTestId('own-audit');
    await expect(own.getByRole('heading', { name: 'Account activity' })).toBeVisible();
    await expect(own.getByTestId('audit-record').first()).toContainText(`${admin.nickname} signed in`);
    await expectNoA11yViolations(page, 'Profile › Account activity');
  });

  if (!shots) return;
  await test.step('screenshots at 1280×800 and 390×844 in kr, en and vi', async () => {
    for (const lang of languages as readonly Language[]) {
      await apiAs(request, adminTokens.key, 'PATCH', '/member', { lang });
      for (const [width, height] of [
        [1280, 800],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto('/#/setting?tab=audit');
        await page.reload();
        const title = resources[lang].ui.audit.title;
        await expect(page.getByTestId('audit-section').getByRole('heading', { name: title })).toBeVisible();
        await expect(page.getByTestId('audit-record').first()).toBeVisible();
        await page.screenshot({ path: `${shots}/audit-${lang}-${width}.png`, fullPage: true });
        await page.goto('/#/profile');
        await expect(page.getByTestId('own-audit').getByTestId('audit-record').first()).toBeVisible();
        await page.getByTestId('own-audit').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/profile-${lang}-${width}.png` });
      }
    }
  });
});
