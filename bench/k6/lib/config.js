/* global __ENV */
// Shared by every k6 scenario: where to send traffic and the common thresholds.
// Run: k6 run -e BASE_URL=https://trustcircle.example.com bench/k6/<scenario>.js
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
