/* global __ENV */
// Auth/session scenario: register (once per user, in setup), then per iteration
// login → GET /api/user → logout. The same flow as the autocannon scenario of `npm run bench`.
//
//   k6 run -e BASE_URL=http://localhost:8080 bench/k6/auth-session.js
//   k6 run -e BASE_URL=https://staging.example.com -e VUS=50 -e DURATION=5m bench/k6/auth-session.js
//
// The gateway limits registrations and logins per client IP (REGISTER_LIMIT_PER_IP,
// LOGIN_LIMIT_PER_IP): raise both on the target for a load test from one machine, or the
// run fails its error threshold with 429s.
import { check, fail, sleep } from 'k6';
import http from 'k6/http';
import exec from 'k6/execution';
import { BASE_URL, json, post, rampingVus, thresholdsFor } from './lib/config.js';

const VUS = Number(__ENV.VUS || 10);
const USERS = Number(__ENV.USERS || VUS);
const PASSWORD = 'k6-load-test-password';

export const options = {
  setupTimeout: '5m',
  scenarios: {
    sessions: rampingVus(VUS),
  },
  // Password hashing (argon2id) makes register and login the slow endpoints on purpose.
  thresholds: thresholdsFor({
    register: [800, 1500],
    login: [500, 1000],
    user: [150, 400],
    logout: [150, 400],
  }),
};

/** Registers the pool of users the VUs sign in with. */
export function setup() {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const users = [];
  for (let i = 0; i < USERS; i += 1) {
    const username = `k6_${run}_${i}`;
    const res = post(
      '/api/register',
      {
        username,
        email: `${username}@example.com`,
        name: `Load Test ${i}`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      'register',
    );
    if (!check(res, { 'register 201': (r) => r.status === 201 })) {
      fail(`register answered ${res.status}: ${res.body}`);
    }
    users.push(username);
  }
  return { users };
}

export default function (data) {
  const username = data.users[exec.vu.idInTest % data.users.length];
  const jar = http.cookieJar();
  jar.clear(BASE_URL);

  const login = post('/api/login', { username, password: PASSWORD }, 'login');
  check(login, { 'login 200': (r) => r.status === 200 });

  const me = http.get(`${BASE_URL}/api/user`, json('user'));
  check(me, {
    'user 200': (r) => r.status === 200,
    'user is the one signed in': (r) => r.status === 200 && r.json('username') === username,
  });

  const logout = post('/api/logout', {}, 'logout');
  check(logout, { 'logout 200': (r) => r.status === 200 });

  const after = http.get(
    `${BASE_URL}/api/user`,
    json('user_after_logout', { responseCallback: http.expectedStatuses(401) }),
  );
  check(after, { 'signed out: 401': (r) => r.status === 401 });

  sleep(Number(__ENV.THINK_SECONDS || 0.5));
}
