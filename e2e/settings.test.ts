import { readFile } from 'node:fs/promises';
import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { reviewsService } from '@trustcircle/reviews';
import { socialService } from '@trustcircle/social';
import type { Page } from 'playwright-core';
import { accountWorld, untilPath } from './account-world';
import { expectNoSeriousViolations, loginInBrowser, screenshot, toastText } from './support';

jest.setTimeout(90_000);

// The export gathers what catalog (claims, ownerships), communities, reviews and social hold too.
const account = accountWorld([catalogService, communitiesService, reviewsService, socialService]);
const { mailedLink, registered, signedIn, settingsOrSignIn } = account;

async function openSettings(p: Page, section: string) {
  await p.goto(`/settings#${section}`);
  return p.getByRole('region', { name: section === 'email' ? 'Email address' : 'Password' });
}

describe('settings: password', () => {
  it('refuses a weak one with the reason, then signs out the other devices only', async () => {
    const user = await registered();
    const laptop = await signedIn(user);
    const phone = await signedIn(user, 390);

    const form = (await openSettings(laptop, 'password')).getByRole('form', {
      name: 'Change password',
    });
    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill('password123');
    await form.getByLabel('Confirm new password').fill('password123');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText(/Password is too easy to guess/).waitFor();

    await form.getByLabel('Current password').fill('not my password at all');
    const strong = 'lantern orchard velvet 93';
    await form.getByLabel('New password', { exact: true }).fill(strong);
    await form.getByLabel('Confirm new password').fill(strong);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Current password is incorrect').waitFor();

    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await toastText(laptop, 'Your other sessions have been signed out.').waitFor();

    expect(await settingsOrSignIn(phone)).toBe('auth');
    expect(await settingsOrSignIn(laptop)).toBe('settings');
    // Back to where the session ended.
    await loginInBrowser(phone, user.username, strong);
    await untilPath(phone, '/settings');
  });
});

describe('settings: email address', () => {
  it('resends the confirmation, and changes the address only through the mailed link', async () => {
    const user = await registered();
    const p = await signedIn(user);
    const section = await openSettings(p, 'email');
    await section.getByText('Not confirmed yet').waitFor();
    await expectNoSeriousViolations(p, '/settings');
    await screenshot(p, 'settings-1280');
    await p.setViewportSize({ width: 800, height: 900 });
    await screenshot(p, 'settings-800');

    // The sign-up mail, then the one asked for here.
    await mailedLink(user.email, '/auth/confirm-email');
    await section.getByRole('button', { name: 'Resend confirmation link' }).click();
    await toastText(p, 'We have sent a confirmation link to your email address.').waitFor();
    await mailedLink(user.email, '/auth/confirm-email');

    const form = section.getByRole('form', { name: 'Change email address' });
    const next = `new_${user.email}`;
    await form.getByLabel('New email address').fill(next);
    await form.getByLabel('Your password').fill('wrong password entirely');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('Password is incorrect').waitFor();

    await form.getByLabel('New email address').fill(next);
    await form.getByLabel('Your password').fill(user.password);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form
      .getByRole('status')
      .getByText(/We have sent a link to the new address/)
      .waitFor();
    // Nothing changes before the link is opened.
    await section.getByTestId('current-email').getByText(user.email, { exact: true }).waitFor();

    await p.goto(await mailedLink(next, '/auth/confirm-email-change'));
    await p.getByText('Your email address has been changed.').waitFor();
    const changed = await openSettings(p, 'email');
    await changed.getByTestId('current-email').getByText(next, { exact: true }).waitFor();
    await changed.getByText(/^Confirmed on /).waitFor();
    // The old address is told.
    await account.mail.nextMail(user.email, {
      match: (m) => m.subject === 'Your TrustCircle email address was changed',
    });
  });
});

describe('settings: your data and leaving', () => {
  it('downloads the export, then deletes the account with the password', async () => {
    const user = await registered();
    const p = await signedIn(user, 390);
    const data = p.getByRole('region', { name: 'Your data' });
    await p.goto('/settings#data');
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      data.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^trustcircle-${user.username}-`));
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { username: string; email: string };
    };
    expect(exported.profile).toMatchObject({ username: user.username, email: user.email });

    const form = p.getByRole('form', { name: 'Delete account' });
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByText('Choose whether your reviews are deleted or kept').waitFor();
    await form.getByLabel(/Keep my reviews/).check();
    await form.getByLabel('Your password').fill('not the password');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByText('Password is incorrect').waitFor();
    await screenshot(p, 'settings-delete-390');

    await form.getByLabel('Your password').fill(user.password);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await toastText(p, 'Your account has been deleted.').waitFor();
    await untilPath(p, '/');

    await p.goto('/auth');
    await loginInBrowser(p, user.username, user.password);
    await toastText(p, 'Login failed').waitFor();
  });
});
