/* global __ENV */
// Group reads, the same as bench/scenarios/groups.ts: GET /api/groups (first page) and
// GET /api/groups/user (a signed-in user in GROUPS groups), through the gateway.
// Setup registers USERS users, creates GROUPS groups and has every user join all of them.
//
//   k6 run -e BASE_URL=http://localhost:8080 bench/k6/groups.js
//   k6 run -e BASE_URL=https://staging.example.com -e VUS=50 -e DURATION=5m bench/k6/groups.js
//
// Registrations count against the gateway's REGISTER_LIMIT_PER_IP: keep USERS below it or
// raise it on the target.
import { check, sleep } from 'k6';
import http from 'k6/http';
import exec from 'k6/execution';
import {
  authed,
  BASE_URL,
  json,
  rampingVus,
  registerSession,
  runTag,
  thresholdsFor,
} from './lib/config.js';

const VUS = Number(__ENV.VUS || 10);
const USERS = Number(__ENV.USERS || 5);
const GROUPS = Number(__ENV.GROUPS || 10);

export const options = {
  setupTimeout: '5m',
  scenarios: {
    groups: rampingVus(VUS),
  },
  thresholds: thresholdsFor({
    groups_list: [150, 400],
    groups_user: [150, 400],
  }),
};

export function setup() {
  const run = runTag();
  const users = [];
  for (let i = 0; i < USERS; i += 1) users.push(registerSession(`k6g_${run}_${i}`));
  const groupIds = [];
  for (let g = 0; g < GROUPS; g += 1) {
    const res = http.post(
      `${BASE_URL}/api/groups`,
      JSON.stringify({
        name: `k6 ${run} ${g}`,
        description: `Load test group ${g} of run ${run}.`,
      }),
      authed('group_create', users[0].cookie),
    );
    if (res.status !== 201) throw new Error(`create group answered ${res.status}: ${res.body}`);
    groupIds.push(res.json('id'));
  }
  for (const user of users.slice(1)) {
    for (const id of groupIds) {
      const res = http.post(
        `${BASE_URL}/api/groups/${id}/join`,
        '{}',
        authed('group_join', user.cookie),
      );
      if (res.status >= 300) throw new Error(`join answered ${res.status}: ${res.body}`);
    }
  }
  return { users };
}

export default function (data) {
  const user = data.users[exec.vu.idInTest % data.users.length];

  const list = http.get(`${BASE_URL}/api/groups`, json('groups_list'));
  check(list, {
    'groups 200': (r) => r.status === 200,
    'groups is a list': (r) => r.status === 200 && Array.isArray(r.json()),
  });

  const mine = http.get(`${BASE_URL}/api/groups/user`, authed('groups_user', user.cookie));
  check(mine, {
    'my groups 200': (r) => r.status === 200,
    'my groups are all of them': (r) => r.status === 200 && r.json().length >= Math.min(GROUPS, 50),
  });

  sleep(Number(__ENV.THINK_SECONDS || 0.5));
}
