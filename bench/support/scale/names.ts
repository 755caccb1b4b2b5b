/**
 * What the scale data says, from the demo seed's own generator (scripts/seed): people's names,
 * business names and details, group names, and review texts. Only what must read like the demo
 * city is made here, in JS; counts, skew and times are SQL's (sources.ts). A million texts would cost
 * minutes in faker, so each review takes one of a pool of TEXTS_PER_KIND texts written for its
 * business's category and its rating.
 */
import { Faker, en } from '@faker-js/faker';
import { CATEGORIES } from '@trustcircle/contracts';
import { businessDetails, businessName, groupNames } from '../../../scripts/seed/names.ts';
import { reviewText } from '../../../scripts/seed/review-text.ts';
import { BENCH_USERNAME } from './bench-users.ts';

export const SCALE_SEED = 20261120;
/** Texts per (category, rating): 100,000 reviews share 10,000 texts, of a few faker choices each. */
export const TEXTS_PER_KIND = 200;

function seeded(offset: number): Faker {
  const faker = new Faker({ locale: [en] });
  faker.seed(SCALE_SEED + offset);
  return faker;
}

/** Column arrays, as `unnest($1::text[], …)` takes them. */
export interface People {
  usernames: string[];
  names: string[];
}

/** User 1 is `bench_user`; the others are named like the demo's people (`anab`, `anab2`, …). */
export function people(count: number): People {
  const faker = seeded(1);
  const taken = new Set<string>([BENCH_USERNAME]);
  const next = new Map<string, number>();
  const usernames = [BENCH_USERNAME];
  const names = ['Bench User'];
  for (let i = 1; i < count; i += 1) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const base = `${first}${last.charAt(0)}`
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .padEnd(3, 'x');
    let n = next.get(base) ?? 1;
    let username = n === 1 ? base : `${base}${n}`;
    while (taken.has(username)) {
      n += 1;
      username = `${base}${n}`;
    }
    next.set(base, n + 1);
    taken.add(username);
    usernames.push(username);
    names.push(`${first} ${last}`);
  }
  return { usernames, names };
}

export interface Businesses {
  names: string[];
  categories: string[];
  descriptions: string[];
  addresses: string[];
  phones: string[];
  websites: string[];
  hours: string[];
}

/** Business i has category i mod 10, as in the demo and the bench city. */
export function businesses(count: number): Businesses {
  const faker = seeded(2);
  const taken = new Set<string>();
  const out: Businesses = {
    names: [],
    categories: [],
    descriptions: [],
    addresses: [],
    phones: [],
    websites: [],
    hours: [],
  };
  for (let i = 0; i < count; i += 1) {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const name = businessName(faker, category, taken);
    const details = businessDetails(faker, name, category);
    out.names.push(name);
    out.categories.push(category);
    out.descriptions.push(details.description);
    out.addresses.push(details.address);
    out.phones.push(details.phone);
    out.websites.push(details.website);
    out.hours.push(details.openingHours);
  }
  return out;
}

export function groups(count: number): { names: string[]; descriptions: string[] } {
  const list = groupNames(seeded(3), count);
  return { names: list.map(([name]) => name), descriptions: list.map(([, text]) => text) };
}

export interface TextPool {
  /** Index of the category in CATEGORIES, rating 1–5, slot 0..TEXTS_PER_KIND-1. */
  categories: number[];
  ratings: number[];
  slots: number[];
  contents: string[];
  pros: string[];
  cons: string[];
}

export function textPool(): TextPool {
  const faker = seeded(4);
  const pool: TextPool = {
    categories: [],
    ratings: [],
    slots: [],
    contents: [],
    pros: [],
    cons: [],
  };
  for (const [c, category] of CATEGORIES.entries()) {
    for (let rating = 1; rating <= 5; rating += 1) {
      for (let slot = 0; slot < TEXTS_PER_KIND; slot += 1) {
        const text = reviewText(faker, category, rating);
        pool.categories.push(c);
        pool.ratings.push(rating);
        pool.slots.push(slot);
        pool.contents.push(text.content);
        pool.pros.push(text.pros);
        pool.cons.push(text.cons);
      }
    }
  }
  return pool;
}
