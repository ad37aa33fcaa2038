import { createHash, createHmac, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { test, expect, apiSignIn, islandsReady } from './fixtures.ts';
import { mailsTo, nextCode } from './support/mailbox.ts';
import { E2E_TELEGRAM } from './support/stack-config.ts';

const unique = () => randomBytes(4).toString('hex');

/** A TOTP code for the secret shown on the profile, `steps` windows ahead (the server accepts ±1). */
function totp(secret: string, steps = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

test('a new customer signs up with a referral link and uses every way in and out', async ({ page, request }) => {
  test.setTimeout(150_000);
  const name = `e2e_${unique()}`;
  const email = `${name}@example.test`;
  const password = 'harbour-lights-42';
  const { user: referrer } = await apiSignIn(request);

  // Register with a referral link; the code arrives by email; the customer lands signed in.
  await page.goto(`/signup?ref=${referrer.referral_code}`);
  await expect(page.getByLabel('Referral code (optional)')).toHaveValue(referrer.referral_code);
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  await page.getByLabel('6-digit code').fill(await nextCode(email, 0));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  await expect(page.getByRole('link', { name: new RegExp(`Signed in as ${name}`) })).toBeVisible();

  // Two-factor on: the test reads the key and computes the code like an authenticator app.
  await page.goto('/profiles');
  await islandsReady(page);
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  const secret = (await page.locator('code').first().innerText()).trim();
  await page.getByLabel('Authenticator code').fill(totp(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).locator('li');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allInnerTexts()).map((c) => c.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On. Sign-ins and withdrawals need a code')).toBeVisible();

  // Log out, then in with password + authenticator code.
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or email').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/loginVerification$/);
  await page.getByLabel('Authenticator or recovery code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);

  // Reset the password (every session ends), then sign in with the new one.
  await page.goto('/profiles');
  await islandsReady(page);
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/reset');
  const before = (await mailsTo(email)).length;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page).toHaveURL(/\/verificationReset$/);
  const newPassword = 'quiet-harbour-2027';
  await page.getByLabel('6-digit code').fill(await nextCode(email, before));
  await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
  await page.getByLabel('Repeat the password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await page.getByLabel('Username or email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Authenticator or recovery code').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);

  // Sign in with an emailed code (two-factor still applies).
  await page.evaluate(() => localStorage.removeItem('userData'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a code' }).click();
  const sent = (await mailsTo(email)).length;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page).toHaveURL(/\/loginVerification$/);
  await page.getByLabel('6-digit code').fill(await nextCode(email, sent));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/loginVerification$/);
  await page.getByLabel('Authenticator or recovery code').fill(recovery[1]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!).token as string);

  // Log out everywhere: the token stops working.
  await page.goto('/profiles');
  await islandsReady(page);
  await page.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await request.get('/api/sessions/', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('signing up and in works in Arabic', async ({ page }) => {
  const name = `ar_${unique()}`;
  const email = `${name}@example.test`;
  const password = 'مرفأ-هادئ-2026';
  await page.goto('/ar/signup?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('#signup-username').fill(name);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(password);
  await page.locator('#signup-password2').fill(password);
  await page.locator('#signup-form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/ar\/verification$/);
  await page.locator('#verify-code').fill(await nextCode(email, 0));
  await page.locator('#verify-form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/ar\/dashboards$/);
  expect((await mailsTo(email))[0]!.text).toMatch(/[\u0600-\u06FF]/);

  await page.evaluate(() => localStorage.removeItem('userData'));
  await page.goto('/ar/login');
  await page.locator('#login-username').fill(name);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/ar\/dashboards$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0600-\u06FF]/);
});

test('Telegram: the button shows for a configured bot, loads nothing until clicked, and the widget signed redirect signs in', async ({ page, request }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/login?next=%2Fwallet');
  await expect(page.getByRole('button', { name: 'Continue with Telegram' })).toBeVisible();
  expect(requested.some((url) => url.includes('telegram.org'))).toBe(false);

  const data: Record<string, string> = {
    id: String(700_000_000 + Math.floor(Math.random() * 1_000_000)),
    first_name: 'Tele',
    username: `tg_${unique()}`,
    auth_date: String(Math.floor(Date.now() / 1000)),
  };
  const checkString = Object.keys(data).sort().map((key) => `${key}=${data[key]}`).join('\n');
  const secret = createHash('sha256').update(E2E_TELEGRAM.token).digest();
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');

  // Telegram's widget, stood in for (no internet here): in redirect mode it sends the visitor
  // to data-auth-url with the signed user data, exactly as oauth.telegram.org does. It runs
  // from https://telegram.org under the page's Content-Security-Policy.
  await page.route('https://telegram.org/js/telegram-widget.js*', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `(function(){var s=document.currentScript,q=new URLSearchParams(${JSON.stringify({ ...data, hash })});
        if(s.dataset.telegramLogin!==${JSON.stringify(E2E_TELEGRAM.username)})throw new Error("wrong bot");
        location.assign(s.dataset.authUrl+"?"+q.toString());})();`,
    }),
  );
  await page.getByRole('button', { name: 'Continue with Telegram' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').token)).toBeTruthy();

  const forged = await request.post('/api/telegram_auth/', { data: { ...data, id: Number(data.id), auth_date: Number(data.auth_date), hash: '0'.repeat(64) } });
  expect(forged.status()).toBe(400);
});
