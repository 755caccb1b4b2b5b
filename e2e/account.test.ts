import { waitFor } from '@trustcircle/testing';
import type { Page } from 'playwright-core';
import { accountWorld, untilPath } from './account-world';
import { expectNoSeriousViolations, loginInBrowser, screenshot, toastText } from './support';

jest.setTimeout(90_000);

const account = accountWorld();
const { pages, mailedLink, registered, signedIn, settingsOrSignIn } = account;

const RESET_SENT = /If an account uses that address, we have sent it a link/;

/**
 * Fills and sends the forgot-password form; a refusal is reported by its text rather than as a
 * missing confirmation.
 */
async function requestReset(p: Page, email: string) {
  // Scoped to the form: right after the link is followed the sign-in page (whose sign-up form
  // has an Email field too) may still be shown while the forgot page's chunk loads.
  const form = p.getByRole('form', { name: 'Request a password reset' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  const sent = p.getByRole('status').filter({ hasText: RESET_SENT });
  const refused = p.locator('.invalid-feedback');
  await sent.or(refused).first().waitFor();
  if (await refused.isVisible()) throw new Error(`reset refused: ${await refused.innerText()}`);
}

describe('forgotten password', () => {
  it('is reset through the mailed link, refusing a weak one with the reason', async () => {
    const user = await registered();
    const p = await pages.open();
    await p.goto('/auth');
    await p.getByRole('link', { name: 'Forgot password?' }).click();
    await untilPath(p, '/auth/forgot');
    await requestReset(p, user.email);

    const link = await mailedLink(user.email, '/auth/reset');
    expect(link.startsWith(account.world.baseUrl)).toBe(true);
    await p.goto(link);
    await p.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectNoSeriousViolations(p, '/auth/reset');

    await p.getByLabel('New password', { exact: true }).fill('password123');
    await p.getByLabel('Confirm new password').fill('password123');
    await p.getByRole('button', { name: 'Set new password' }).click();
    await p.getByText(/Password is too easy to guess/).waitFor();
    expect(new URL(p.url()).pathname).toBe('/auth/reset');

    const strong = 'violet tractor midnight 42';
    await p.getByLabel('New password', { exact: true }).fill(strong);
    await p.getByLabel('Confirm new password').fill(strong);
    await p.getByRole('button', { name: 'Set new password' }).click();
    await toastText(p, 'Your password has been changed').waitFor();
    await untilPath(p, '/auth');

    await loginInBrowser(p, user.username, user.password);
    await toastText(p, 'Login failed').waitFor();
    await loginInBrowser(p, user.username, strong);
    await untilPath(p, '/dashboard');

    // The link worked once.
    const again = await pages.open();
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('another violet tractor 7');
    await again.getByLabel('Confirm new password').fill('another violet tractor 7');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again.getByText(/This password reset link is invalid, used or expired/).waitFor();
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const p = await pages.open({ width: 390 });
    await p.goto('/auth/forgot');
    await expectNoSeriousViolations(p, '/auth/forgot');
    const nobody = `nobody_${Date.now()}@example.com`;
    await requestReset(p, nobody);
    await account.mail.expectNoMail(nobody, 1000);
  });
});

describe('mailed confirmation links', () => {
  it('confirms the address once, then says the link is spent', async () => {
    const user = await registered();
    const link = await mailedLink(user.email, '/auth/confirm-email');
    const p = await pages.open();
    await p.goto(link);
    await p.getByText('Your email address is confirmed.').waitFor();
    await p.reload();
    await p.getByText(/This link has expired or was already used/).waitFor();
  });

  it('says an e-mail change link that does not work has expired', async () => {
    const p = await pages.open();
    await p.goto('/auth/confirm-email-change?token=not-a-real-token');
    await p.getByText(/This link has expired or was already used/).waitFor();
  });
});

describe('screenshots', () => {
  it.each([390, 1280])('of /auth/forgot and /auth/reset at %i px', async (width) => {
    const p = await pages.open({ width });
    await p.goto('/auth/forgot');
    await p.getByRole('button', { name: 'Send reset link' }).waitFor();
    await screenshot(p, `account-forgot-${width}`);
    await p.goto('/auth/reset?token=example');
    await p.getByRole('button', { name: 'Set new password' }).waitFor();
    await screenshot(p, `account-reset-${width}`);
  });
});

describe('sessions in settings', () => {
  it('lists this device and the others, signs one out, then everywhere else', async () => {
    const user = await registered();
    const laptop = await signedIn(user);
    const phone = await signedIn(user, 390);
    const tablet = await signedIn(user);

    await laptop.goto('/settings');
    const list = laptop.getByRole('list', { name: 'Active sessions' });
    await list.waitFor();
    // The list is refetched after each sign-out: wait for it rather than read it once.
    const listed = (count: number) =>
      waitFor(async () => (await list.getByRole('listitem').count()) === count, {
        what: `${count} sessions listed`,
      });
    await listed(3);
    await expect(list.getByText('This device').count()).resolves.toBe(1);
    await list.getByText(/Chrom/).first().waitFor();
    await expectNoSeriousViolations(laptop, '/settings sessions');
    await screenshot(laptop, 'settings-sessions-1280');

    // One other session, by its own button: the newest (the tablet) is listed first after this one.
    await list
      .getByRole('button', { name: /^Sign out / })
      .first()
      .click();
    await toastText(laptop, 'The session has been signed out.').waitFor();
    await listed(2);
    const ended = [await settingsOrSignIn(phone), await settingsOrSignIn(tablet)];
    expect(ended.sort()).toEqual(['auth', 'settings']);

    await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await toastText(laptop, 'Signed out of 1 other session.').waitFor();
    await listed(1);
    expect(await settingsOrSignIn(phone)).toBe('auth');
    expect(await settingsOrSignIn(tablet)).toBe('auth');
    expect(await settingsOrSignIn(laptop)).toBe('settings');
  });
});
