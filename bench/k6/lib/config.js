/* global __ENV */
// Shared by every k6 scenario: where to send traffic and the common thresholds.
// Run: k6 run -e BASE_URL=https://trustcircle.example.com bench/k6/<scenario>.js
import { sleep } from 'k6';
import http from 'k6/http';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');

/** JSON request parameters; `name` groups URLs with ids into one metric series. */
export function json(name, extra = {}) {
  return {
    headers: { 'Content-Type': 'application/json', Origin: BASE_URL },
    tags: { name },
    ...extra,
  };
}

/** p95/p99 bounds per endpoint (tag `name`) and errors under 1% overall. */
export function thresholdsFor(endpoints, p95 = 300, p99 = 800) {
  const thresholds = {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
  };
  for (const [name, bounds] of Object.entries(endpoints)) {
    const [p95ms, p99ms] = bounds || [p95, p99];
    thresholds[`http_req_duration{name:${name}}`] = [`p(95)<${p95ms}`, `p(99)<${p99ms}`];
  }
  return thresholds;
}

export function post(path, body, name) {
  return http.post(`${BASE_URL}${path}`, JSON.stringify(body), json(name));
}

/** Runs of one scenario use their own names (users, groups, businesses). */
export function runTag() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/**
 * Registers a user and answers its session as a `Cookie` header value. The gateway names the
 * cookie `tc_session`, or `__Host-tc_session` over HTTPS. Setup runs in its own VU, so the
 * scenarios send this header themselves instead of relying on a cookie jar.
 */
export function registerSession(username, password = 'k6-load-test-password') {
  const res = post(
    '/api/register',
    {
      username,
      email: `${username}@example.com`,
      name: `Load ${username}`,
      password,
      confirmPassword: password,
    },
    'register',
  );
  if (res.status !== 201)
    throw new Error(`register ${username} answered ${res.status}: ${res.body}`);
  const name = Object.keys(res.cookies).find((cookie) => /(^|-)tc_session$/.test(cookie));
  if (!name) throw new Error('register set no session cookie');
  return { id: res.json('id'), cookie: `${name}=${res.cookies[name][0].value}` };
}

/** `json(name)` with the session cookie of `registerSession`. */
export function authed(name, cookie, extra = {}) {
  const params = json(name, extra);
  params.headers = { ...params.headers, Cookie: cookie };
  return params;
}

/**
 * Ramps to `vus` virtual users over RAMP (30 s), holds them for DURATION (2 m), then ramps down
 * in 15 s: the closed-model scenarios.
 */
export function rampingVus(vus) {
  return {
    executor: 'ramping-vus',
    startVUs: 0,
    stages: [
      { duration: __ENV.RAMP || '30s', target: vus },
      { duration: __ENV.DURATION || '2m', target: vus },
      { duration: '15s', target: 0 },
    ],
    gracefulRampDown: '10s',
  };
}

/** A fixed offered rate (like autocannon's `overallRate` in bench/scenarios), one endpoint. */
export function offered(exec, rate, duration) {
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate,
    timeUnit: '1s',
    duration,
    preAllocatedVUs: Math.max(5, Math.ceil(rate / 10)),
    maxVUs: Math.max(20, rate * 2),
  };
}

/**
 * POST with the user's session; a few retries while projections catch up (design §2): a
 * membership, business or user made a moment ago may not have reached the service yet.
 */
export function create(path, body, cookie, name) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const res = http.post(`${BASE_URL}${path}`, JSON.stringify(body), authed(name, cookie));
    if (res.status === 200 || res.status === 201) return res;
    if (res.status !== 400 && res.status !== 403 && res.status !== 404 && res.status !== 409) {
      throw new Error(`${path} answered ${res.status}: ${res.body}`);
    }
    sleep(0.5);
  }
  throw new Error(`${path} kept failing`);
}
