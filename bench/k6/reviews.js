/* global __ENV */
// Reviews, the same three as bench/scenarios/reviews.ts, each at a fixed offered rate
// (constant-arrival-rate, like autocannon's overallRate), through the gateway:
//   feed     GET /api/reviews/feed (signed in, reviews shared with the user's groups)
//   detail   GET /api/businesses/{id}, composed at the gateway from catalog + reviews
//   helpful  POST /api/reviews/{id}/helpful (toggle; never on one's own review)
// Setup registers USERS users, creates a group everyone joins and a business, and has every
// user review it (shared with the group), so each user's feed and the detail have reviews.
//
//   k6 run -e BASE_URL=http://localhost:8080 bench/k6/reviews.js
//   k6 run -e BASE_URL=https://staging.example.com -e RATE=200 -e DURATION=5m bench/k6/reviews.js
//
// Registrations count against the gateway's REGISTER_LIMIT_PER_IP: keep USERS below it or
// raise it on the target.
import { check } from 'k6';
import http from 'k6/http';
import {
  authed,
  BASE_URL,
  create,
  offered,
  registerSession,
  runTag,
  thresholdsFor,
} from './lib/config.js';

const RATE = Number(__ENV.RATE || 50);
const DURATION = __ENV.DURATION || '1m';
const USERS = Math.max(2, Number(__ENV.USERS || 10));

export const options = {
  setupTimeout: '5m',
  scenarios: {
    feed: offered('feed', RATE, DURATION),
    detail: { ...offered('detail', RATE, DURATION), startTime: DURATION },
    helpful: { ...offered('helpful', RATE, DURATION), startTime: `${2 * parseSeconds(DURATION)}s` },
  },
  thresholds: thresholdsFor({
    reviews_feed: [150, 400],
    business_detail: [200, 500],
    helpful_toggle: [200, 500],
  }),
};

/** '90s', '2m', '1h' → seconds, so the scenarios run one after the other. */
function parseSeconds(value) {
  const match = /^(\d+)(s|m|h)$/.exec(value);
  if (!match) throw new Error(`DURATION ${value}: use e.g. 30s, 2m or 1h`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2]];
}

export function setup() {
  const run = runTag();
  const users = [];
  for (let i = 0; i < USERS; i += 1) users.push(registerSession(`k6r_${run}_${i}`));
  const owner = users[0];
  const groupId = create(
    '/api/groups',
    { name: `k6 reviews ${run}`, description: `Load test group of run ${run}.` },
    owner.cookie,
    'group_create',
  ).json('id');
  for (const user of users.slice(1)) {
    create(`/api/groups/${groupId}/join`, {}, user.cookie, 'group_join');
  }
  const businessId = create(
    '/api/businesses',
    { name: `k6 Review Bistro ${run}`, category: 'Restaurants' },
    owner.cookie,
    'business_create',
  ).json('id');
  const reviews = [];
  users.forEach((user, i) => {
    const res = create(
      '/api/reviews',
      {
        businessId,
        rating: 1 + (i % 5),
        content: `Load test review ${i} of run ${run}: friendly staff and fair prices.`,
        groupIds: [groupId],
        pros: 'Friendly staff',
        cons: 'Busy at lunch',
      },
      user.cookie,
      'review_create',
    );
    reviews.push({ id: res.json('id'), author: i });
  });
  return { users, businessId, reviews };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

export function feed(data) {
  const res = http.get(
    `${BASE_URL}/api/reviews/feed`,
    authed('reviews_feed', pick(data.users).cookie),
  );
  check(res, {
    'feed 200': (r) => r.status === 200,
    'feed has reviews': (r) => r.status === 200 && r.json().length > 0,
  });
}

export function detail(data) {
  const res = http.get(
    `${BASE_URL}/api/businesses/${data.businessId}`,
    authed('business_detail', pick(data.users).cookie),
  );
  check(res, {
    'detail 200': (r) => r.status === 200,
    'detail has its reviews': (r) =>
      r.status === 200 && r.json('reviewsUnavailable') !== true && r.json('reviews').length > 0,
  });
}

export function helpful(data) {
  const review = pick(data.reviews);
  // Any user but the author (voting on one's own review is refused with 403).
  const voter =
    (review.author + 1 + Math.floor(Math.random() * (data.users.length - 1))) % data.users.length;
  const res = http.post(
    `${BASE_URL}/api/reviews/${review.id}/helpful`,
    '{}',
    authed('helpful_toggle', data.users[voter].cookie),
  );
  check(res, {
    'helpful 200': (r) => r.status === 200,
    'helpful answers the count': (r) =>
      r.status === 200 && typeof r.json('helpfulCount') === 'number',
  });
}

// `k6 run` needs a default function; every scenario names its own `exec`.
export default function (data) {
  feed(data);
}
