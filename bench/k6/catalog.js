/* global __ENV */
// Catalog reads, the same four as bench/scenarios/catalog.ts, each at a fixed offered rate
// (constant-arrival-rate, like autocannon's overallRate), through the gateway:
//   list      GET /api/businesses?limit=50 and by category
//   search    GET /api/businesses?search=... (full-text + typo-tolerant trigram)
//   trending  GET /api/businesses/trending
//   detail    GET /api/businesses/{id} (the gateway composes catalog + reviews' first page)
// Setup signs one user up and creates BUSINESSES businesses, so an empty system has data too;
// detail reads spread over those and up to 100 listed ones.
//
//   k6 run -e BASE_URL=http://localhost:8080 bench/k6/catalog.js
//   k6 run -e BASE_URL=https://staging.example.com -e RATE=200 -e DURATION=5m bench/k6/catalog.js
import { check } from 'k6';
import http from 'k6/http';
import {
  authed,
  BASE_URL,
  json,
  offered,
  registerSession,
  runTag,
  thresholdsFor,
} from './lib/config.js';

const RATE = Number(__ENV.RATE || 50);
const DURATION = __ENV.DURATION || '1m';
const BUSINESSES = Number(__ENV.BUSINESSES || 20);

const KINDS = [
  ['Bistro', 'Restaurants', 'Fresh pasta and pizza'],
  ['Gadgets', 'Electronics', 'Phones and laptops repaired'],
  ['Plumbing', 'Home Services', 'Leaks fixed fast'],
  ['Salon', 'Beauty & Spa', 'Haircuts and massages'],
  ['Academy', 'Education', 'Evening language courses'],
];
const LISTS = [
  '/api/businesses?limit=50',
  '/api/businesses?category=Restaurants&limit=50',
  '/api/businesses?category=Education&limit=20',
];
// Typos on purpose: the trigram search must still find them.
const SEARCHES = [
  '/api/businesses?search=resturant&limit=20',
  '/api/businesses?search=laptops&limit=20',
  '/api/businesses?search=bistro&limit=20',
];

export const options = {
  setupTimeout: '5m',
  scenarios: {
    list: offered('list', RATE, DURATION),
    search: { ...offered('search', RATE, DURATION), startTime: DURATION },
    trending: {
      ...offered('trending', RATE, DURATION),
      startTime: `${2 * parseSeconds(DURATION)}s`,
    },
    detail: { ...offered('detail', RATE, DURATION), startTime: `${3 * parseSeconds(DURATION)}s` },
  },
  thresholds: thresholdsFor({
    catalog_list: [100, 250],
    catalog_search: [200, 500],
    catalog_trending: [100, 250],
    catalog_detail: [150, 400],
  }),
};

/** '90s', '2m', '1h' → seconds, so the four scenarios run one after the other. */
function parseSeconds(value) {
  const match = /^(\d+)(s|m|h)$/.exec(value);
  if (!match) throw new Error(`DURATION ${value}: use e.g. 30s, 2m or 1h`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2]];
}

export function setup() {
  const run = runTag();
  const owner = registerSession(`k6c_${run}`);
  const ids = [];
  for (let i = 0; i < BUSINESSES; i += 1) {
    const [word, category, description] = KINDS[i % KINDS.length];
    const res = http.post(
      `${BASE_URL}/api/businesses`,
      JSON.stringify({ name: `k6 ${word} ${run} ${i}`, category, description }),
      authed('business_create', owner.cookie),
    );
    if (res.status !== 201) throw new Error(`create business answered ${res.status}: ${res.body}`);
    ids.push(res.json('id'));
  }
  const listed = http.get(`${BASE_URL}/api/businesses?limit=100`, json('setup_list'));
  if (listed.status === 200) for (const business of listed.json()) ids.push(business.id);
  return { ids: [...new Set(ids)] };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

function isList(name, res) {
  check(res, {
    [`${name} 200`]: (r) => r.status === 200,
    [`${name} is a list`]: (r) => r.status === 200 && Array.isArray(r.json()),
  });
}

export function list() {
  isList('list', http.get(`${BASE_URL}${pick(LISTS)}`, json('catalog_list')));
}

export function search() {
  isList('search', http.get(`${BASE_URL}${pick(SEARCHES)}`, json('catalog_search')));
}

export function trending() {
  isList('trending', http.get(`${BASE_URL}/api/businesses/trending`, json('catalog_trending')));
}

export function detail(data) {
  const id = pick(data.ids);
  const res = http.get(`${BASE_URL}/api/businesses/${id}`, json('catalog_detail'));
  check(res, {
    'detail 200': (r) => r.status === 200,
    'detail is the business': (r) => r.status === 200 && r.json('id') === id,
  });
}

// `k6 run` needs a default function; every scenario names its own `exec`.
export default function () {
  list();
}
