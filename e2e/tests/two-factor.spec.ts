import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Language } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { expectNoA11yViolations } from '../support/axe.js';
import { apiAs, createProjectByApi, newUser, signUpByApi, type TestUser } from '../support/journeys.js';
import { freshCode } from '../support/totp.js';

/**
 * Two-factor sign-in in Chromium (docs/decisions.md "Two-factor sign-in"), in each language: an
 * authenticator app set up from the profile and used to sign in (codes computed here from the
 * secret the page shows), a recovery code when the phone is lost, a passkey made by Chromium's
 * virtual authenticator (CDP WebAuthn) signing in without a password, and the step-up dialog before
 * a refund.
 */
const languages: Language[] = ['kr', 'en', 'vi'];
const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const SHOTS = process.env.E2E_SHOTS_DIR ?? join(tmpdir(), 'teamline-two-factor-shots');

const texts = (lang: Language) => resources[lang].ui;

/** Screenshots of the current screen at both sizes, for a person to look at. */
async function shoot(page: Page, name: string) {
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: join(SHOTS, `${name}-${size.name}.png`) });
  }
  if (before) await page.setViewportSize(before);
}

/** Signs up through the API and sets the account's language (the app switches to it on sign-in). */
async function member(request: Parameters<typeof signUpByApi>[0], prefix: string, lang: Language) {
  const user = newUser(prefix);
  const { key } = await signUpByApi(request, user);
  await apiAs(request, key, 'PATCH', '/member', { lang });
  return { user, key };
}

/** The login page in the account's language, the password typed. */
async function passwordStep(page: Page, user: TestUser, lang: Language) {
  await page.goto('/#/login');
  // The visitor picks the language on the login page.
  await page.locator('.auth-shell__top select').selectOption(lang);
  const t = texts(lang);
  await expect(page.getByRole('heading', { name: t.login.title })).toBeVisible();
  await page.getByLabel(t.login.email).fill(user.email);
  await page.getByLabel(t.login.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: t.login.submit }).click();
}

/** Forgets the session as closing the browser would (the refresh cookie and the login flag). */
async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('teamline.auth'));
  // The next page load starts without the key the app held in memory.
  await page.goto('about:blank');
}

for (const lang of languages) {
  test(`${lang}: an authenticator app from the profile, then sign-in with the password and a code; a recovery code when the phone is lost`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = texts(lang).twoFactor;
    const { user } = await member(request, `totp${lang}`, lang);
    await passwordStep(page, user, lang);
    await expect(page).not.toHaveURL(/#\/login/);

    let secret = '';
    let lastStep = 0;
    let codes: string[] = [];
    await test.step('set up the app: scan (read the key), type the first code, keep the recovery codes', async () => {
      await page.goto('/#/profile?section=two-factor');
      const section = page.getByRole('region', { name: t.sectionTitle });
      await expect(section.getByTestId('two-factor-app')).toContainText(t.appOff);
      await shoot(page, `${lang}-profile-two-factor-off`);
      await section.getByTestId('totp-set-up').click();
      const dialog = page.getByRole('dialog', { name: t.setupTitle });
      await expect(dialog.getByRole('img', { name: t.setupQr })).toBeVisible();
      secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectNoA11yViolations(page, `${lang} authenticator setup`);
      await shoot(page, `${lang}-totp-setup`);
      await dialog.getByLabel(t.code).fill('000000');
      await dialog.getByRole('button', { name: t.setupSubmit }).click();
      await expect(dialog.getByRole('alert')).toHaveText(resources[lang].errors.SECOND_FACTOR_INVALID);
      const first = await freshCode(secret);
      lastStep = first.step;
      await dialog.getByLabel(t.code).fill(first.code);
      await dialog.getByRole('button', { name: t.setupSubmit }).click();
      const saved = page.getByRole('dialog', { name: t.codesTitle });
      const list = saved.getByTestId('recovery-codes');
      await expect(list.locator('li')).toHaveCount(10);
      codes = (await list.locator('code').allInnerTexts()).map((c) => c.trim());
      await expectNoA11yViolations(page, `${lang} recovery codes`);
      await shoot(page, `${lang}-recovery-codes`);
      await saved.getByRole('button', { name: t.codesDone }).click();
      await expect(section.getByTestId('two-factor-app')).toContainText(t.appOn);
      await expect(section.getByTestId('two-factor-recovery')).toContainText(
        t.recoveryLeft.replace('{{count}}', '10'),
      );
      await shoot(page, `${lang}-profile-two-factor-on`);
    });

    await test.step('signed out: the password alone does not sign in; the code from the app does', async () => {
      await signOut(page);
      await passwordStep(page, user, lang);
      await expect(page.getByRole('heading', { name: t.stepTitle })).toBeVisible();
      await expect(page).toHaveURL(/#\/login/);
      await expectNoA11yViolations(page, `${lang} second step`);
      await shoot(page, `${lang}-login-second-step`);
      // The first code was taken by the setup: a later one.
      await page.getByLabel(t.code).fill((await freshCode(secret, lastStep)).code);
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page).not.toHaveURL(/#\/login/);
      await expect(page.getByTestId('user-box')).toContainText(user.nickname);
    });

    await test.step('the phone is lost: a recovery code signs in, once', async () => {
      await signOut(page);
      await passwordStep(page, user, lang);
      await page.getByRole('button', { name: t.useRecovery }).click();
      await expect(page.getByText(t.stepBodyRecovery)).toBeVisible();
      await shoot(page, `${lang}-login-recovery`);
      await page.getByLabel(t.recoveryCode).fill(codes[0]!);
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page.getByTestId('user-box')).toContainText(user.nickname);
      await signOut(page);
      await passwordStep(page, user, lang);
      await page.getByRole('button', { name: t.useRecovery }).click();
      await page.getByLabel(t.recoveryCode).fill(codes[0]!);
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page.getByRole('alert')).toHaveText(resources[lang].errors.SECOND_FACTOR_INVALID);
      await expect(page).toHaveURL(/#\/login/);
    });
  });

  test(`${lang}: a passkey from Chromium's virtual authenticator signs in without a password`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = texts(lang).twoFactor;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const { user } = await member(request, `pk${lang}`, lang);
    await passwordStep(page, user, lang);
    await expect(page).not.toHaveURL(/#\/login/);

    await test.step('add a passkey from the profile', async () => {
      await page.goto('/#/profile?section=two-factor');
      const section = page.getByRole('region', { name: t.sectionTitle });
      await section.getByTestId('passkey-add').click();
      const dialog = page.getByRole('dialog', { name: t.passkeyAdd });
      await dialog.getByLabel(t.passkeyName).fill('Chromium');
      await shoot(page, `${lang}-passkey-add`);
      await dialog.getByRole('button', { name: t.passkeyAdd }).click();
      // The first factor brings the recovery codes.
      await page
        .getByRole('dialog', { name: t.codesTitle })
        .getByRole('button', { name: t.codesDone })
        .click();
      await expect(section.getByTestId('two-factor-passkeys')).toContainText('Chromium');
      await shoot(page, `${lang}-profile-passkey`);
    });

    await test.step('signed out, "Sign in with a passkey" signs in with no password typed', async () => {
      await signOut(page);
      await page.goto('/#/login');
      await page.locator('.auth-shell__top select').selectOption(lang);
      await expect(page.getByRole('heading', { name: texts(lang).login.title })).toBeVisible();
      await expectNoA11yViolations(page, `${lang} login with the passkey button`);
      await shoot(page, `${lang}-login-passkey-button`);
      await page.getByRole('button', { name: t.signInWithPasskey }).click();
      await expect(page).not.toHaveURL(/#\/login/);
      await expect(page.getByTestId('user-box')).toContainText(user.nickname);
    });

    await test.step('the password now asks for the passkey as the second step', async () => {
      await signOut(page);
      await passwordStep(page, user, lang);
      await expect(page.getByRole('heading', { name: t.stepTitle })).toBeVisible();
      await expect(page.getByText(t.stepBodyPasskey)).toBeVisible();
      await page.getByRole('button', { name: t.usePasskey }).click();
      await expect(page.getByTestId('user-box')).toContainText(user.nickname);
    });
  });
}

/**
 * Step-up needs a login whose proof is old. This journey runs its own server whose window is 6
 * seconds (STEP_UP_SECONDS), on the next port after the suite's GitHub fake, with its own data.
 */
test.describe('step-up before a refund', () => {
  const port = Number(process.env.E2E_PORT ?? 8181) + 3;
  const baseURL = `http://localhost:${port}`;
  let server: ChildProcess | null = null;
  let dataDir = '';
  let suiteDataDir: string | undefined;
  test.use({ baseURL });

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'teamline-e2e-stepup-'));
    server = spawn('node', ['--enable-source-maps', 'dist/server.js'], {
      cwd: join(import.meta.dirname, '../../apps/server'),
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        STEP_UP_SECONDS: '6',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.ok ?? false, {
        timeout: 60_000,
      })
      .toBe(true);
    // The mail links of this server's sign-ups are in its own outbox.
    suiteDataDir = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = dataDir;
  });
  test.afterAll(async () => {
    if (suiteDataDir !== undefined) process.env.E2E_DATA_DIR = suiteDataDir;
    server?.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve) ?? resolve(null));
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const lang of languages) {
    test(`${lang}: an old login is asked for its authenticator code, and the refund goes through after it`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const t = texts(lang).twoFactor;
      const billing = resources[lang].ui.billing;
      const { user, key } = await member(request, `stepup${lang}`, lang);
      const { projectIdx } = await createProjectByApi(request, key, `Refund ${lang}`);
      const { secret } = await apiAs<{ secret: string }>(request, key, 'POST', '/two-factor/totp');
      const enabled = await freshCode(secret);
      await apiAs(request, key, 'POST', '/two-factor/totp/confirm', { code: enabled.code });
      await apiAs(request, key, 'POST', '/card', {
        cardNumber: '4242424242424242',
        expiry: '1239',
        isCorporate: false,
        birth: '900101',
        password: '12',
        cvv: '123',
        ownerName: 'Admin Kim',
      });
      await apiAs(request, key, 'POST', '/subscription', {
        projectIdx,
        plan: '30D',
        sheets: 1,
        currency: 'KRW',
      });

      await passwordStep(page, user, lang);
      const signedIn = await freshCode(secret, enabled.step);
      await page.getByLabel(t.code).fill(signedIn.code);
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page.getByTestId('user-box')).toContainText(user.nickname);
      await page.goto(`/#/setting?idx=${projectIdx}&tab=payment`);
      await expect(page.getByTestId('refund-open')).toBeVisible();
      // The sign-in's proof grows older than this server's 6-second window (nothing before this point
      // needs a fresh factor, and the refund is sent again the instant the new code is accepted).
      await page.waitForTimeout(7_000);

      await page.getByTestId('refund-open').click();
      const refund = page.getByRole('dialog', { name: billing.refundPop.title });
      await refund.getByRole('button', { name: /10[.,\s ]?000/ }).click();
      const stepUp = page.getByRole('dialog', { name: t.stepUpTitle });
      await expect(stepUp).toBeVisible();
      await expect(stepUp.getByTestId('step-up')).toContainText(t.stepBodyTotp);
      // The refund behind it waits for the answer (its button is busy): checked as it stands.
      await expectNoA11yViolations(page, `${lang} step-up`, { busy: true });
      await shoot(page, `${lang}-step-up`);
      await stepUp.getByLabel(t.code).fill('000000');
      await stepUp.getByRole('button', { name: t.stepUpSubmit }).click();
      await expect(stepUp.getByRole('alert')).toHaveText(resources[lang].errors.SECOND_FACTOR_INVALID);
      // Nothing was refunded while the dialog asks.
      const before = await apiAs<{ kind: string }[]>(
        request,
        key,
        'GET',
        `/payment?projectIdx=${projectIdx}`,
      );
      expect(before.filter((p) => p.kind === 'refund')).toEqual([]);
      await stepUp.getByLabel(t.code).fill((await freshCode(secret, signedIn.step)).code);
      await stepUp.getByRole('button', { name: t.stepUpSubmit }).click();
      await expect(stepUp).toBeHidden();
      // The refused call was sent again by itself: the refund is done.
      await expect(refund).toBeHidden();
      await expect
        .poll(
          async () =>
            (
              await apiAs<{ kind: string }[]>(request, key, 'GET', `/payment?projectIdx=${projectIdx}`)
            ).filter((p) => p.kind === 'refund').length,
        )
        .toBe(1);

      // Settings › General shows the project setting to its admin (who has a factor: it can be on).
      await page.goto(`/#/setting?idx=${projectIdx}&tab=general`);
      const setting = page.getByTestId('settings-two-factor');
      await expect(setting.getByRole('switch', { name: t.projectRequire })).toBeEnabled();
      await expect(setting.getByRole('switch', { name: t.projectRequire })).not.toBeChecked();
      await setting.scrollIntoViewIfNeeded();
      await expectNoA11yViolations(page, `${lang} settings with the two-factor setting`);
      await shoot(page, `${lang}-settings-two-factor`);
    });
  }
});
