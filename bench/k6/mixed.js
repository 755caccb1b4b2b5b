/* global __ENV */
// The mixed workload, the same as bench/scenarios/mixed.ts: RATE (1,000) req/s offered on a
// schedule (constant-arrival-rate per kind) for DURATION, weighted like real use: mostly
// browsing, some writes. ONLY=feed,search runs some kinds alone at their share of RATE; with
// RATE=500 and ONLY=<one kind> it is the scale bench's open loop for one read.
//   business_page  GET /api/businesses/{id} (composed: catalog + reviews), signed in
//   business_list  GET /api/businesses            search   GET /api/businesses?search=
//   trending       GET /api/businesses/trending   feed     GET /api/reviews/feed, signed in
//   my_groups      GET /api/groups/user           group_list  GET /api/groups
//   group_reviews  GET /api/groups/{id}/reviews
//   helpful        POST /api/reviews/{id}/helpful (never on one's own review)
//   new_review     POST /api/reviews (each user on a business it has not reviewed)
// Setup registers USERS users, creates GROUPS groups everyone joins and BUSINESSES businesses,
// and has every user review the first (so feeds, lists and votes have reviews to read).
// Thresholds: failed requests < 0.1 %, every read p99 < READ_P99_MS (40), writes < WRITE_P99_MS
// (80). new_review needs USERS × (BUSINESSES − 1) ≥ its share of RATE × DURATION.
//
//   k6 run -e BASE_URL=https://staging.example.com bench/k6/mixed.js
//   k6 run -e BASE_URL=http://localhost:8080 -e RATE=200 -e DURATION=1m bench/k6/mixed.js
//
// Registrations count against the gateway's REGISTER_LIMIT_PER_IP and the writes against its
// per-account limits: raise them (LIMITS_SCALE) on the target first.
import { check } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { authed, BASE_URL, create, json, offered, registerSession, runTag } from './lib/config.js';

const RATE = Number(__ENV.RATE || 1000);
const DURATION = __ENV.DURATION || '2m';
const USERS = Math.max(2, Number(__ENV.USERS || 20));
const GROUPS = Math.max(1, Number(__ENV.GROUPS || 3));
const BUSINESSES = Math.max(2, Number(__ENV.BUSINESSES || 100));
const READ_P99_MS = Number(__ENV.READ_P99_MS || 40);
const WRITE_P99_MS = Number(__ENV.WRITE_P99_MS || 80);

/** Of every 1,000 requests (bench/scenarios/mixed.ts's WEIGHTS). */
const WEIGHTS = {
  business_page: 250,
  business_list: 100,
  search: 100,
  trending: 50,
  feed: 150,
  my_groups: 100,
  group_list: 50,
  group_reviews: 50,
  helpful: 120,
  new_review: 30,
};
const WRITES = ['helpful', 'new_review'];
const only = (__ENV.ONLY || '').split(',').filter(Boolean);
const kinds = Object.keys(WEIGHTS).filter((kind) => only.length === 0 || only.includes(kind));

const thresholds = { http_req_failed: ['rate<0.001'], checks: ['rate>0.999'] };
for (const kind of kinds) {
  const p99 = WRITES.includes(kind) ? WRITE_P99_MS : READ_P99_MS;
  thresholds[`http_req_duration{name:${kind}}`] = [`p(99)<${p99}`];
}

export const options = {
  setupTimeout: '10m',
  scenarios: Object.fromEntries(
    kinds.map((kind) => [
      kind,
      offered(kind, Math.max(1, (RATE * WEIGHTS[kind]) / 1000), DURATION),
    ]),
  ),
  thresholds,
};

export function setup() {
  const run = runTag();
  const users = [];
  for (let i = 0; i < USERS; i += 1) users.push(registerSession(`k6m_${run}_${i}`));
  const owner = users[0];
  const groupIds = [];
  for (let g = 0; g < GROUPS; g += 1) {
    const body = { name: `k6 mixed ${run} ${g}`, description: `Load test group of run ${run}.` };
    groupIds.push(create('/api/groups', body, owner.cookie, 'setup').json('id'));
  }
  for (const user of users.slice(1)) {
    for (const id of groupIds) create(`/api/groups/${id}/join`, {}, user.cookie, 'setup');
  }
  const businessIds = [];
  for (let b = 0; b < BUSINESSES; b += 1) {
    const body = { name: `k6 Mixed Place ${run} ${b}`, category: 'Restaurants' };
    businessIds.push(create('/api/businesses', body, owner.cookie, 'setup').json('id'));
  }
  const reviews = users.map((user, i) => ({
    author: i,
    id: create(
      '/api/reviews',
      reviewOf(businessIds[0], groupIds, i, run),
      user.cookie,
      'setup',
    ).json('id'),
  }));
  const names = businessIds.map((_, b) => `Mixed Place ${run} ${b}`.split(' ')[b % 3]);
  return { run, users, groupIds, businessIds, reviews, names };
}

function reviewOf(businessId, groupIds, i, run) {
  return {
    businessId,
    rating: 1 + (i % 5),
    content: `Load test review ${i} of run ${run}: friendly staff and fair prices.`,
    groupIds,
  };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const cookieOf = (data) => pick(data.users).cookie;

function read(kind, path, cookie) {
  const params = cookie ? authed(kind, cookie) : json(kind);
  const res = http.get(`${BASE_URL}${path}`, params);
  check(res, { [`${kind} 200`]: (r) => r.status === 200 });
}

export const business_page = (data) =>
  read('business_page', `/api/businesses/${pick(data.businessIds)}`, cookieOf(data));
export const business_list = () => read('business_list', '/api/businesses');
export const search = (data) =>
  read('search', `/api/businesses?search=${encodeURIComponent(pick(data.names))}`);
export const trending = () => read('trending', '/api/businesses/trending');
export const feed = (data) => read('feed', '/api/reviews/feed', cookieOf(data));
export const my_groups = (data) => read('my_groups', '/api/groups/user', cookieOf(data));
export const group_list = () => read('group_list', '/api/groups');
export const group_reviews = (data) =>
  read('group_reviews', `/api/groups/${pick(data.groupIds)}/reviews`);

export function helpful(data) {
  const review = pick(data.reviews);
  const voter = (review.author + 1 + Math.floor(Math.random() * (USERS - 1))) % USERS;
  const res = http.post(
    `${BASE_URL}/api/reviews/${review.id}/helpful`,
    '{}',
    authed('helpful', data.users[voter].cookie),
  );
  check(res, { 'helpful 200': (r) => r.status === 200 });
}

export function new_review(data) {
  // Each iteration of this scenario in the whole test is one (user, business) pair, new.
  const n = exec.scenario.iterationInTest;
  const user = n % USERS;
  const business = 1 + Math.floor(n / USERS);
  if (business >= BUSINESSES) return;
  const res = http.post(
    `${BASE_URL}/api/reviews`,
    JSON.stringify(reviewOf(data.businessIds[business], data.groupIds, n, data.run)),
    authed('new_review', data.users[user].cookie),
  );
  check(res, { 'new_review 201': (r) => r.status === 201 });
}

// `k6 run` needs a default function; every scenario names its own `exec`.
export default function (data) {
  feed(data);
}
