import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Issue 17: demo data that reads true. The plan is read as `node scripts/seed.ts --plan` prints
 * it (the seed is an ES module run by Node itself), and judged with word lists of its own, not
 * the generator's banks: a test of the generator against itself could not fail.
 */
interface Plan {
  businesses: { name: string; category: string; phone: string; website: string }[];
  groups: { name: string }[];
  reviews: {
    rating: number;
    content: string;
    author: number;
    groups: number[];
    ageMinutes: number;
  }[];
  users: { groups: number[]; verified: boolean }[];
  votes: [number, number][];
}

const seedScript = path.resolve(__dirname, '..', 'seed.ts');
const plan = (scale: string): string =>
  execFileSync(process.execPath, [seedScript, '--plan'], {
    env: { ...process.env, SEED_SCALE: scale },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

const PRAISE =
  /\b(great|excellent|amazing|fantastic|wonderful|loved?|perfect|delicious|impressed|recommend|spotless|brilliantly|friendly)\b/i;
const COMPLAINT =
  /\b(terrible|awful|rude|disappointed|disappointing|dirty|overpriced|waste|poor|broken|cold|avoid|never again|letdown|faulty|refused|cancell?ing|delayed|hidden fees|half finished|leaking)\b/i;

let text: string;
let demo: Plan;

beforeAll(() => {
  text = plan('1');
  demo = JSON.parse(text) as Plan;
}, 60_000);

it('is the same city every time (a fixed seed)', () => {
  expect(plan('1')).toBe(text);
});

it('has words that agree with the stars of every review', () => {
  expect(demo.reviews).toHaveLength(3000);
  const disagreeing = demo.reviews.filter(({ rating, content }) =>
    rating >= 4
      ? !PRAISE.test(content) || COMPLAINT.test(content)
      : rating <= 2
        ? !COMPLAINT.test(content) || PRAISE.test(content)
        : PRAISE.test(content) || COMPLAINT.test(content),
  );
  expect(disagreeing.map((r) => `${r.rating}★ ${r.content}`)).toEqual([]);
  const sentences = new Set(demo.reviews.flatMap((r) => r.content.split(/(?<=[.;])\s+/)));
  expect(sentences.size).toBeGreaterThan(500);
});

it('names no two businesses alike, and none with a serial number', () => {
  const names = demo.businesses.map((b) => b.name);
  expect(new Set(names).size).toBe(names.length);
  expect(names.filter((name) => /\d/.test(name))).toEqual([]);
  expect(new Set(demo.groups.map((g) => g.name)).size).toBe(demo.groups.length);
  for (const business of demo.businesses) {
    expect(business.phone).toMatch(/^\(555\) \d{3}-\d{4}$/);
    expect(business.website).toMatch(/^https:\/\/www\.[a-z0-9-]+\.example$/);
  }
});

it('has the businesses the search examples name, at any scale', () => {
  for (const city of [demo, JSON.parse(plan('0.05')) as Plan]) {
    const names = city.businesses.map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['Müller Automotive', 'Okafor Education']));
  }
});

it('shares each review with its author’s groups and has about one verified person in five', () => {
  for (const review of demo.reviews) {
    for (const group of review.groups) expect(demo.users[review.author]!.groups).toContain(group);
  }
  const verified = demo.users.filter((u) => u.verified).length / demo.users.length;
  expect(verified).toBeGreaterThan(0.15);
  expect(verified).toBeLessThan(0.25);
  for (const [voter, review] of demo.votes) expect(demo.reviews[review]!.author).not.toBe(voter);
});

it('spreads the reviews over the past 12 months, oldest first', () => {
  const days = demo.reviews.map((r) => r.ageMinutes / (24 * 60));
  expect(Math.min(...days)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...days)).toBeLessThan(365);
  // Every month of the year has its share (3,000 reviews: about 250 a month), none twice it.
  const perMonth = Array.from({ length: 12 }, () => 0);
  for (const day of days) perMonth[Math.min(11, Math.floor(day / (365 / 12)))]! += 1;
  for (const count of perMonth) {
    expect(count).toBeGreaterThan(150);
    expect(count).toBeLessThan(350);
  }
  // Sent in this order, review ids follow the dates.
  const ages = demo.reviews.map((r) => r.ageMinutes);
  expect(ages).toEqual([...ages].sort((a, b) => b - a));
  // Not a handful of instants: distinct minutes for nearly every review.
  expect(new Set(ages).size).toBeGreaterThan(2900);
});
