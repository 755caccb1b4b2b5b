/**
 * Bench data that reads like the demo city: businesses named by the demo seed's own generator
 * (scripts/seed/names.ts), and the searches people type for them. Deterministic for a seed.
 * Searching numbered clones ("Business 42 Bistro") made every word match a tenth of the table,
 * which no real directory does; these names share words the way a city's do (owners' surnames,
 * streets, trades).
 */
import { Faker, en } from '@faker-js/faker';
import { CATEGORIES } from '@trustcircle/contracts';
import { businessDetails, businessName } from '../../scripts/seed/names.ts';

export const BENCH_CITY_SEED = 20261125;

export interface CityBusiness {
  name: string;
  category: string;
  description: string;
}

export function cityBusinesses(count: number, seed = BENCH_CITY_SEED): CityBusiness[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const taken = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const name = businessName(faker, category, taken);
    return { name, category, description: businessDetails(faker, name, category).description };
  });
}

const stripAccents = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

/** One slip of the keyboard: two neighbouring letters swapped, or one left out. */
function typo(faker: Faker, word: string): string {
  const at = faker.number.int({ min: 1, max: word.length - 2 });
  return faker.datatype.boolean()
    ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
    : word.slice(0, at) + word.slice(at + 1);
}

/**
 * `count` distinct searches for these businesses, as typed into a search box: one or two words
 * of a name (sometimes with its category's first word), lower case, in either order; a third
 * with the last word cut short (typed as you go), a fifth with one typo in a long word, accents
 * mostly left off. Distinct, so a bench offering each once measures ranking, not a cache.
 */
export function searchesOf(
  businesses: readonly CityBusiness[],
  count: number,
  seed = BENCH_CITY_SEED,
): string[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed + 1);
  const found = new Set<string>();
  for (let attempt = 0; found.size < count && attempt < count * 20; attempt += 1) {
    const business = faker.helpers.arrayElement(businesses);
    const words = business.name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3);
    if (words.length === 0) continue;
    let chosen = faker.helpers.arrayElements(words, { min: 1, max: Math.min(2, words.length) });
    if (chosen.length === 1 && faker.datatype.boolean(0.3)) {
      chosen.push(business.category.split(/\W+/)[0]!.toLowerCase());
    }
    chosen = chosen.map((word) => (faker.datatype.boolean(0.8) ? stripAccents(word) : word));
    if (faker.datatype.boolean(0.2)) {
      const long = chosen.findIndex((word) => word.length >= 6);
      if (long >= 0) chosen[long] = typo(faker, chosen[long]!);
    }
    const last = chosen.length - 1;
    if (chosen[last]!.length >= 5 && faker.datatype.boolean(0.33)) {
      chosen[last] = chosen[last]!.slice(
        0,
        faker.number.int({ min: 3, max: chosen[last]!.length - 1 }),
      );
    }
    found.add(chosen.join(' '));
  }
  return [...found];
}
