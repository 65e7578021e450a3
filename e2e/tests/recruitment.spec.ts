import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  apiAs,
  createProjectByApi,
  logIn,
  newUser,
  signUpByApi,
  type TestUser,
} from '../support/journeys.js';

async function pageFor(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, user);
  return page;
}

test('a client posts a job, a professional applies, the client hires, and the professional finds the project with a contract offer waiting', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const client = newUser('recclient');
  const pro = newUser('recpro');
  const clientKey = (await signUpByApi(request, client)).key;
  const proKey = (await signUpByApi(request, pro)).key;
  await createProjectByApi(request, clientKey, 'Shop relaunch', true);
  // The professional's profile careers go with the application.
  await apiAs(request, proKey, 'PATCH', '/member', {
    career: [{ startDt: '202001', company: 'Acme Labs', level: 'Senior', description: 'Checkout APIs' }],
  });
  const title = `Backend developer ${Date.now().toString(36)}`;

  const clientPage = await pageFor(browser, client);
  await test.step('the client posts a job for the project', async () => {
    await clientPage.goto('/#/recruitment');
    await clientPage.getByRole('button', { name: 'Post a job' }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Post a job' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Lowest daily rate').fill('300000');
    await dialog.getByLabel('Highest daily rate').fill('250000');
    await dialog.getByLabel('Start date').fill('2027-01-04');
    await dialog.getByLabel('Skills').fill('TypeScript, PostgreSQL');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    // The range rule shows on its field, and the post is sent once it holds.
    await expect(dialog.getByText('The highest rate cannot be below the lowest.')).toBeVisible();
    await dialog.getByLabel('Highest daily rate').fill('450000');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(clientPage.getByText('The job post is published.')).toBeVisible();
    await expect(clientPage.getByRole('heading', { name: title })).toBeVisible();
    await expect(clientPage.getByText('Nobody has applied yet.')).toBeVisible();
  });

  const proPage = await pageFor(browser, pro);
  await test.step('the professional finds the post by a skill and applies', async () => {
    await proPage.goto('/#/recruitment');
    await proPage.getByPlaceholder('Title, description, skill or project').fill(title);
    await proPage.getByRole('textbox', { name: 'Skill', exact: true }).fill('postgresql');
    await expect(proPage.getByText('₩300,000 – ₩450,000 a day')).toBeVisible();
    await proPage.getByRole('button', { name: title }).click();
    await proPage.getByLabel('A note to the poster').fill('Five years of Fastify and PostgreSQL.');
    await proPage.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(proPage.getByText('Your application is sent.')).toBeVisible();
    await expect(proPage.getByText('Your application: Applied')).toBeVisible();
  });

  await test.step('the client sees the applicant with careers and hires them with a prefilled contract', async () => {
    await clientPage.reload();
    const applicant = clientPage.getByRole('article', { name: pro.nickname });
    await expect(applicant).toContainText('Five years of Fastify and PostgreSQL.');
    await expect(applicant).toContainText('Acme Labs');
    await applicant.getByRole('button', { name: 'Hire' }).click();
    const dialog = clientPage.getByRole('dialog', { name: `Hire ${pro.nickname}` });
    await expect(dialog.getByLabel('Daily rate')).toHaveValue('300000');
    await dialog.getByLabel('Role in the project').selectOption({ label: 'Team member' });
    await dialog.getByRole('button', { name: 'Hire' }).click();
    await expect(
      clientPage.getByText(`${pro.nickname} joined the project; the contract offer is sent.`),
    ).toBeVisible();
    await expect(applicant).toContainText('Hired');
  });

  await test.step('the professional finds the project in professional mode with the offer waiting', async () => {
    // A fresh sign-in loads the project list the hire changed.
    const page = await pageFor(browser, pro);
    await expect(page.getByTestId('user-box')).toContainText('Professional mode');
    await page.getByTestId('header-project-picker').click();
    await expect(page.getByText('Shop relaunch').first()).toBeVisible();
    const projects = await apiAs<{ projectIdx: number; name: string }[]>(
      request,
      proKey,
      'GET',
      '/project/list-of-member',
    );
    const project = projects.find((p) => p.name === 'Shop relaunch');
    expect(project).toBeTruthy();
    await page.goto(`/#/request/${project!.projectIdx}`);
    await page.getByRole('button', { name: new RegExp(`Contract offer.*${title}`) }).click();
    const offer = page.locator('.contract-offer');
    await expect(offer).toContainText('₩300,000');
    await expect(offer.getByRole('button', { name: 'Accept' })).toBeVisible();
  });
});
