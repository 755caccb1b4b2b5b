import { type TestClient, type TestStack } from '@trustcircle/testing';
import { expectTooMany, signUp, startSignInStack } from './support';

let stack: TestStack;
const FAILURES = 4;

beforeAll(async () => {
  stack = await startSignInStack({
    LIMITS_SCALE: '1',
    LOGIN_FAILURES_PER_ACCOUNT: String(FAILURES),
    LOGIN_FAILURES_PER_DEVICE: String(FAILURES),
    // The test client stands in for the ingress; each test has its own client address.
    TRUST_PROXY: 'loopback',
    LOGIN_LIMIT_PER_IP: '50',
    REGISTER_LIMIT_PER_IP: '1000',
  });
});

afterAll(async () => {
  await stack?.stop();
});

let address: Record<string, string> = {};
let nextAddress = 0;
beforeEach(() => {
  nextAddress += 1;
  address = { 'x-forwarded-for': `10.7.0.${nextAddress}` };
});

const login = (client: TestClient, username: string, password: string) =>
  client.post('/api/login', { username, password }, address);

/** An account whose browser signed out again: it keeps only its device cookie. */
async function owner() {
  const browser = stack.client();
  const { form, user } = await signUp(browser, address);
  expect((await browser.post('/api/logout', undefined, address)).status).toBe(200);
  return { browser, form, user };
}

describe('sign-in budgets', () => {
  it('counts username and e-mail against one account budget', async () => {
    const { form } = await owner();
    for (let i = 0; i < FAILURES; i += 1) {
      const name = i % 2 === 0 ? form.username : form.email.toUpperCase();
      expect((await login(stack.client(), name, `wrong-${i}`)).status).toBe(401);
    }
    // Even the right password, from a browser that never signed in here: locked.
    expectTooMany(
      await login(stack.client(), form.email, form.password),
      /Too many failed sign-in attempts/,
    );
    expectTooMany(
      await login(stack.client(), form.username, form.password),
      /Too many failed sign-in attempts/,
    );
  });

  it('answers an unknown name exactly like a wrong password', async () => {
    const { form } = await owner();
    const unknown = `nobody_${Date.now().toString(36)}`;
    const answers = async (name: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i <= FAILURES; i += 1) {
        const res = await login(stack.client(), name, `wrong-${i}`);
        seen.push([res.status, res.body.message]);
      }
      return seen;
    };
    const known = await answers(form.username);
    expect(await answers(unknown)).toEqual(known);
    expect(known.at(0)).toEqual([401, 'Invalid username or password']);
    expect(known.at(-1)).toEqual([429, expect.stringMatching(/Too many failed sign-in/)]);
  });

  it("lets the owner's browser sign in after 100 wrong passwords from a stranger", async () => {
    const { browser, form, user } = await owner();
    const device = [...browser.cookies.keys()].find((name) => name.endsWith('tc_device'));
    expect(device).toBeDefined();

    // Stranger and owner share one address: the per-IP limit (50) is in play too.
    const stranger = stack.client();
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i += 1) {
      const name = i % 2 === 0 ? form.username : form.email;
      statuses.add((await login(stranger, name, `guess-${i}`)).status);
    }
    expect([...statuses].sort()).toEqual([401, 429]);
    expectTooMany(await login(stack.client(), form.username, form.password), /Too many/);

    const res = await login(browser, form.username, form.password);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect((await browser.get('/api/user', address)).body.id).toBe(user.id);
  });

  it("locks a trusted browser only on its own failures, and never the account's other browsers", async () => {
    const { browser, form } = await owner();
    for (let i = 0; i < FAILURES; i += 1) {
      expect((await login(browser, form.username, `typo-${i}`)).status).toBe(401);
    }
    expectTooMany(await login(browser, form.username, form.password), /Too many/);
    // The account's untrusted budget was not spent: a new browser still signs in.
    expect((await login(stack.client(), form.email, form.password)).status).toBe(200);
  });

  it('sets the device cookie HttpOnly and SameSite=Strict, bound to one account', async () => {
    const first = await owner();
    const second = await owner();
    const res = await login(first.browser, first.form.username, first.form.password);
    const line = res.setCookies.find((cookie) => cookie.startsWith('tc_device='));
    // Trusted already (since sign-up): no new cookie; a fresh browser gets one.
    expect(line).toBeUndefined();
    const fresh = await login(stack.client(), second.form.username, second.form.password);
    const cookie = fresh.setCookies.find((c) => c.startsWith('tc_device='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(JSON.stringify(fresh.body)).not.toMatch(/accountId/);

    // The first account's device cookie vouches for nothing on the second account.
    for (let i = 0; i < FAILURES; i += 1) {
      await login(first.browser, second.form.username, `wrong-${i}`);
    }
    expectTooMany(
      await login(stack.client(), second.form.username, second.form.password),
      /Too many/,
    );
    expect((await login(second.browser, second.form.username, second.form.password)).status).toBe(
      200,
    );
  });
});
