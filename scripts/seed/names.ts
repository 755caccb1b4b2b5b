/**
 * Names for the demo city, Riverton: businesses named the way each kind of business names
 * itself (never "Automotive 9"), owners from many backgrounds (accents included, so search that
 * ignores them can be tried), and groups with distinct names and purposes.
 */
import type { Faker } from '@faker-js/faker';

export const CITY = 'Riverton';

/** Owners' surnames the English locale lacks: accented, and from many places. */
const WORLD_SURNAMES = [
  'Müller',
  'Okafor',
  'Nguyen',
  'Rossi',
  'Dubois',
  'García',
  'Kowalski',
  'Haddad',
  'Søndergaard',
  'Yılmaz',
  'Chen',
  'Silva',
  'Novák',
  'Ó Briain',
  'Mensah',
];

const PATTERNS: Record<string, string[]> = {
  Restaurants: [
    "{owner}'s Kitchen",
    'Trattoria {owner}',
    'The {adjective} Spoon',
    '{street} Noodle Bar',
    'Café {owner}',
    'The {adjective} Table',
  ],
  Electronics: ['{owner} Electronics', '{street} Phone Repair', 'Circuit & Co. {street}'],
  'Home Services': ['{owner} & Sons Plumbing', '{street} Roofing', '{owner} Electrical'],
  'Beauty & Spa': ['{adjective} Day Spa', 'Salon {owner}', '{street} Barbers'],
  Automotive: ['{owner} Automotive', '{street} Tyre & Brake', '{owner} Motors'],
  Clothing: ['{owner} Outfitters', 'The {adjective} Thread', '{street} Denim'],
  'Financial Services': ['{owner} Financial Advice', '{street} Accountants', '{owner} & Partners'],
  'Health & Fitness': ['{street} Fitness', '{adjective} Yoga Studio', '{owner} Physiotherapy'],
  Entertainment: ['{street} Escape Rooms', 'The {adjective} Lanes', '{owner} Comedy Club'],
  Education: ['{owner} Education', '{street} Music School', '{owner} Language Centre'],
};

/** Riverton's streets and quarters, for names like "Harbour Fitness". */
const STREETS = [
  'Elm',
  'Harbour',
  'Mill',
  'Station',
  'Market',
  'Bridge',
  'Castle',
  'Chapel',
  'Orchard',
  'Willow',
  'Victoria',
  'Kingsway',
  'Parkside',
  'Riverside',
  'Oakfield',
  'Maple',
  'Cedar',
  'Highgate',
  'Northgate',
  'Canal',
];

const ADJECTIVES = ['Golden', 'Silver', 'Green', 'Quiet', 'Bright', 'Copper', 'Blue', 'Olive'];

const HOURS: Record<string, string> = {
  Restaurants: 'Tue–Sun 12:00–22:00',
  Entertainment: 'Wed–Sun 16:00–23:00',
  'Beauty & Spa': 'Mon–Sat 9:00–19:00',
  'Health & Fitness': 'Mon–Fri 6:00–22:00, Sat–Sun 8:00–20:00',
};

/**
 * The first business of these categories has this name, so the search examples of the README
 * and the browser tests ("muller" finds Müller, "okafor edu" finds Okafor Education) hold in
 * every demo.
 */
export const FEATURED_BUSINESSES: Record<string, string> = {
  Automotive: 'Müller Automotive',
  Education: 'Okafor Education',
};

/** A business name for `category`, not among `taken` (which it joins). */
export function businessName(faker: Faker, category: string, taken: Set<string>): string {
  const featured = FEATURED_BUSINESSES[category];
  if (featured && !taken.has(featured)) {
    taken.add(featured);
    return featured;
  }
  for (let attempt = 0; ; attempt += 1) {
    const owner = faker.datatype.boolean(0.3)
      ? faker.helpers.arrayElement(WORLD_SURNAMES)
      : faker.person.lastName();
    const name = faker.helpers
      .arrayElement(PATTERNS[category] ?? PATTERNS.Restaurants!)
      .replace('{owner}', owner)
      .replace('{street}', faker.helpers.arrayElement(STREETS))
      .replace('{adjective}', faker.helpers.arrayElement(ADJECTIVES));
    // After many collisions the owner's first name tells two alike apart.
    const unique = attempt < 20 ? name : `${name} (${faker.person.firstName()})`;
    if (!taken.has(unique)) {
      taken.add(unique);
      return unique;
    }
  }
}

export interface BusinessDetails {
  description: string;
  address: string;
  phone: string;
  website: string;
  openingHours: string;
}

export function businessDetails(faker: Faker, name: string, category: string): BusinessDetails {
  const slug = name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');
  const founded = faker.number.int({ min: 1962, max: 2024 });
  return {
    description: `${category === 'Restaurants' ? 'Neighbourhood restaurant' : `Local ${category.toLowerCase()}`} in ${CITY}, serving the area since ${founded}.`,
    address: `${faker.location.buildingNumber()} ${faker.location.street()}, ${CITY}`,
    phone: `(555) ${faker.string.numeric(3)}-${faker.string.numeric(4)}`,
    website: `https://www.${slug}.example`,
    openingHours: HOURS[category] ?? 'Mon–Fri 9:00–17:30, Sat 10:00–14:00',
  };
}

/** Communities people in a city join; more are made from neighbourhood names at larger scales. */
const GROUPS: [string, string][] = [
  ['Riverton Foodies', 'Where to eat in Riverton, from street food to date nights.'],
  ['Brunch Hunters', 'Weekend brunch spots, ranked honestly.'],
  ['Parents of Riverton', 'Family-friendly places, tutors and days out.'],
  ['Weekend Mechanics', 'Garages you can trust and the ones to avoid.'],
  ['Budget Shoppers', 'Good value in every category.'],
  ['Night Owls', 'Late openings, live music and evenings out.'],
  ['Coffee Snobs', 'Serious about espresso.'],
  ['Bookworms United', 'Readers sharing shops, classes and quiet cafés.'],
  ['Fitness Fanatics', 'Gyms, classes and coaches worth the membership.'],
  ['Pet Parents', 'Pet-friendly places and services.'],
  ['Home Improvers', 'Plumbers, roofers and electricians, reviewed by neighbours.'],
  ['Students on a Budget', 'Cheap eats, repairs and study spots.'],
  ['Gadget Geeks', 'Where to buy and repair electronics.'],
  ['Vintage Lovers', 'Second-hand clothes, records and furniture.'],
  ['Live Music Crew', 'Gigs, venues and open mics.'],
  ['Riverton Runners', 'Running shops, physios and routes.'],
  ['Yoga Circle', 'Studios and teachers for every level.'],
  ['New in Town', 'Newcomers asking the locals.'],
  ['Small Business Owners', 'Accountants, printers and services for small firms.'],
  ['Silver Surfers', 'Retirees sharing what works.'],
  ['Board Game Nights', 'Cafés and venues for game nights.'],
  ['Vegan Eats', 'Plant-based menus across the city.'],
  ['Family Days Out', 'Entertainment the whole family enjoys.'],
  ['Style Swap', 'Clothing shops, tailors and alterations.'],
  ['Language Exchange', 'Language classes and tutors.'],
  ['Green Living', 'Sustainable shops and services.'],
  ['Cyclists of Riverton', 'Bike shops and repairs.'],
  ['Film Buffs', 'Cinemas and screenings.'],
  ['Self-Care Sundays', 'Spas, salons and massages.'],
  ['Money Matters', 'Banks, advisers and tax help.'],
];

export function groupNames(faker: Faker, count: number): [string, string][] {
  const groups = GROUPS.slice(0, count);
  const taken = new Set(groups.map(([name]) => name));
  for (let attempt = 0; groups.length < count; attempt += 1) {
    const street = faker.helpers.arrayElement(STREETS);
    const name = attempt < 50 ? `${street} Neighbours` : `${street} Neighbours ${attempt}`;
    if (taken.has(name)) continue;
    taken.add(name);
    groups.push([name, `Neighbours around ${street} sharing local finds.`]);
  }
  return groups;
}
