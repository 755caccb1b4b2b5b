/**
 * The demo data as a plan, computed before anything is sent: deterministic (faker seeded), so
 * every fresh install gets the same city, and printable (`node scripts/seed.ts --plan`) so tests
 * and the curious can read it without a running platform. `scale` 1 is 300 people, 30 groups,
 * 200 businesses and 3,000 reviews.
 */
import { Faker, en } from '@faker-js/faker';
import { businessDetails, businessName, groupNames, type BusinessDetails } from './names.ts';
import { reviewText } from './review-text.ts';

export const DEMO_SEED = 20260601;

export interface PlannedUser {
  username: string;
  name: string;
  /** Verified through the sandbox provider (about one in five). */
  verified: boolean;
  /** Indexes into `groups`. */
  groups: number[];
}

export interface PlannedBusiness extends BusinessDetails {
  name: string;
  category: string;
  /** Index into `users`: who lists it. */
  owner: number;
}

export interface PlannedReview {
  author: number;
  business: number;
  rating: number;
  content: string;
  pros: string;
  cons: string;
  /** Indexes into `groups`, all among the author's. */
  groups: number[];
  /**
   * How long before the seed runs it was written, in minutes: within the past 12 months
   * (REVIEW_HISTORY_DAYS). The seed sends it as X-Review-Written-At (dev-only backdating).
   */
  ageMinutes: number;
}

export interface DemoPlan {
  users: PlannedUser[];
  groups: { name: string; description: string; creator: number }[];
  businesses: PlannedBusiness[];
  reviews: PlannedReview[];
  /** [voter, review] pairs: a voter never votes on their own review, nor twice. */
  votes: [number, number][];
}

/** The demo's reviews span this many days back from the day it is seeded. */
export const REVIEW_HISTORY_DAYS = 365;
const HISTORY_MINUTES = REVIEW_HISTORY_DAYS * 24 * 60;

const scaled = (count: number, scale: number) => Math.max(2, Math.ceil(count * scale));

/** Stars around the business's own quality: good places get mostly 4–5★, poor ones 1–2★. */
function ratingFor(faker: Faker, quality: number): number {
  const noise = faker.number.float({ min: -1.4, max: 1.4 });
  return Math.min(5, Math.max(1, Math.round(quality + noise)));
}

export function demoPlan(scale: number, categories: readonly string[], seed = DEMO_SEED): DemoPlan {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const userCount = scaled(300, scale);
  const groupCount = scaled(30, scale);
  const businessCount = scaled(200, scale);
  const reviewCount = Math.min(scaled(3000, scale), Math.floor((userCount * businessCount) / 2));
  const voteCount = scaled(6000, scale);

  const usernames = new Set<string>();
  const users: PlannedUser[] = Array.from({ length: userCount }, (_, i) => {
    if (i === 0) return { username: 'demo', name: 'Demo User', verified: true, groups: [] };
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    let username = `${first}${last.charAt(0)}`.toLowerCase().replace(/[^a-z0-9]/g, '');
    while (usernames.has(username) || username.length < 3) username += faker.string.numeric(1);
    usernames.add(username);
    return { username, name: `${first} ${last}`, verified: i % 5 === 0, groups: [] };
  });

  const groups = groupNames(faker, groupCount).map(([name, description], i) => {
    const creator = i % userCount;
    users[creator]!.groups.push(i);
    return { name, description, creator };
  });
  // The demo user is in 10 groups; everyone else in 3 to 6.
  for (const [i, user] of users.entries()) {
    const wanted = Math.min(groupCount, i === 0 ? 10 : faker.number.int({ min: 3, max: 6 }));
    while (user.groups.length < wanted) {
      const group = faker.number.int({ min: 0, max: groupCount - 1 });
      if (!user.groups.includes(group)) user.groups.push(group);
    }
  }

  const taken = new Set<string>();
  const quality: number[] = [];
  const businesses: PlannedBusiness[] = Array.from({ length: businessCount }, (_, i) => {
    const category = categories[i % categories.length]!;
    const name = businessName(faker, category, taken);
    // Most places people bother to review are decent: qualities lean towards the top.
    quality.push(1.6 + 3.3 * Math.sqrt(faker.number.float({ min: 0, max: 1 })));
    return {
      name,
      category,
      owner: faker.number.int({ min: 0, max: userCount - 1 }),
      ...businessDetails(faker, name, category),
    };
  });

  // Ages come from a faker of their own, so adding them changed nothing else of the city.
  const clock = new Faker({ locale: [en] });
  clock.seed(seed + 1);
  const reviewed = new Set<string>();
  const reviews: PlannedReview[] = [];
  while (reviews.length < reviewCount) {
    const author = faker.number.int({ min: 0, max: userCount - 1 });
    const business = faker.number.int({ min: 0, max: businessCount - 1 });
    if (reviewed.has(`${author}:${business}`)) continue;
    reviewed.add(`${author}:${business}`);
    const rating = ratingFor(faker, quality[business]!);
    const own = users[author]!.groups;
    const shared = faker.helpers.arrayElements(own, { min: 1, max: Math.min(2, own.length) });
    reviews.push({
      author,
      business,
      rating,
      groups: shared,
      ...reviewText(faker, businesses[business]!.category, rating),
      ageMinutes: clock.number.int({ min: 0, max: HISTORY_MINUTES - 1 }),
    });
  }
  // Oldest first: sent in this order, review ids follow their dates (lists sort by id).
  reviews.sort((a, b) => b.ageMinutes - a.ageMinutes);

  const voted = new Set<string>();
  const votes: [number, number][] = [];
  for (let attempt = 0; votes.length < voteCount && attempt < voteCount * 20; attempt += 1) {
    const review = faker.number.int({ min: 0, max: reviews.length - 1 });
    const voter = faker.number.int({ min: 0, max: userCount - 1 });
    if (voter === reviews[review]!.author || voted.has(`${voter}:${review}`)) continue;
    voted.add(`${voter}:${review}`);
    votes.push([voter, review]);
  }
  return { users, groups, businesses, reviews, votes };
}
