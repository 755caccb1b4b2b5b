/**
 * Review text that agrees with its rating: an opener, one or two sentences about what this kind
 * of business does, and a closer, each from the bank of the rating's tone (praise for 4–5★, a
 * complaint for 1–2★, mixed for 3★), with details (a dish, a repair, a teacher's name) filled
 * in, so the demo reads like many different people. Pros and cons follow the same tone.
 */
import type { Faker } from '@faker-js/faker';

export type Tone = 'praise' | 'mixed' | 'complaint';

export const toneOf = (rating: number): Tone =>
  rating >= 4 ? 'praise' : rating === 3 ? 'mixed' : 'complaint';

interface CategoryText {
  /** The things a review of this kind of business talks about ({thing}). */
  things: string[];
  sentences: Record<Tone, string[]>;
  pros: string[];
  cons: string[];
}

const CATEGORY_TEXT: Record<string, CategoryText> = {
  Restaurants: {
    things: ['lasagne', 'ramen', 'fish tacos', 'mushroom risotto', 'lamb curry', 'pad thai'],
    sentences: {
      praise: [
        'The {thing} was delicious and the portions were generous.',
        'Our server {name} was friendly and quick, and the {thing} was perfect.',
        'Everything tasted fresh, especially the {thing}.',
      ],
      mixed: [
        'The {thing} was decent, though the room got noisy.',
        'Food was fine overall; the {thing} needed more seasoning.',
      ],
      complaint: [
        'The {thing} arrived cold and tasted bland.',
        'We waited forty minutes for the {thing} and the staff were rude about it.',
        'The {thing} was overpriced for what we got.',
      ],
    },
    pros: ['Tasty food', 'Generous portions', 'Friendly staff', 'Cosy room', 'Quick service'],
    cons: ['Slow service', 'Noisy room', 'Small portions', 'Hard to book', 'Pricey drinks'],
  },
  Electronics: {
    things: ['laptop', 'phone screen', 'headphones', 'TV', 'tablet', 'games console'],
    sentences: {
      praise: [
        'They fixed my {thing} the same day at a fair price.',
        '{name} found the right {thing} for my budget and explained every option.',
      ],
      mixed: [
        'The {thing} repair took longer than promised but works now.',
        'Decent choice of {thing} models, though the queue was long.',
      ],
      complaint: [
        'My {thing} came back still broken after two weeks.',
        'They sold me a faulty {thing} and refused a refund.',
      ],
    },
    pros: ['Fair prices', 'Knowledgeable staff', 'Same-day repairs', 'Good warranty'],
    cons: ['Long queues', 'Slow repairs', 'Pushy upselling', 'Poor follow-up'],
  },
  'Home Services': {
    things: ['boiler', 'roof', 'kitchen tap', 'garden fence', 'bathroom tiles', 'wiring'],
    sentences: {
      praise: [
        'The team repaired our {thing} quickly and left everything spotless.',
        '{name} gave a clear quote for the {thing} and stuck to it.',
      ],
      mixed: [
        'The {thing} work is fine, but the quote went up midway.',
        'They arrived late, though the {thing} is sorted now.',
      ],
      complaint: [
        'They left our {thing} half finished and never called back.',
        'The {thing} started leaking again a week later and nobody answered.',
      ],
    },
    pros: ['On time', 'Tidy work', 'Clear quotes', 'Friendly team'],
    cons: ['Hard to reach', 'Quote went up', 'Arrived late', 'Left a mess'],
  },
  'Beauty & Spa': {
    things: ['massage', 'facial', 'haircut', 'manicure', 'hair colour', 'sauna session'],
    sentences: {
      praise: [
        'My {thing} with {name} was relaxing and perfect.',
        'Lovely calm rooms and an excellent {thing}.',
      ],
      mixed: [
        'The {thing} was okay, nothing memorable.',
        'Nice enough {thing}, but the booking system is clumsy.',
      ],
      complaint: [
        'The {thing} was rushed and the room was dirty.',
        'They got my {thing} wrong and charged full price anyway.',
      ],
    },
    pros: ['Relaxing rooms', 'Skilled staff', 'Easy booking', 'Good products'],
    cons: ['Rushed treatments', 'Hard to book', 'Pricey extras', 'Thin walls'],
  },
  Automotive: {
    things: ['brake pads', 'MOT', 'tyres', 'oil change', 'clutch', 'air conditioning'],
    sentences: {
      praise: [
        '{name} explained the {thing} work clearly and the price was honest.',
        'The {thing} work was done in an hour and the car drives great.',
      ],
      mixed: [
        'The {thing} job was done, but it took a full day.',
        'Fair price for the {thing}, though nobody called when it was ready.',
      ],
      complaint: [
        'They charged twice the quote for the {thing} and the car still rattles.',
        'The {thing} failed again within a month.',
      ],
    },
    pros: ['Honest prices', 'Clear explanations', 'Quick turnaround', 'Courtesy car'],
    cons: ['Hidden charges', 'Long waits', 'Poor communication', 'Hard to park'],
  },
  Clothing: {
    things: ['pair of jeans', 'winter coat', 'pair of trainers', 'linen shirt', 'summer dress'],
    sentences: {
      praise: [
        'Found the perfect {thing} and the staff were friendly.',
        'Great quality {thing} that still looks new after months.',
      ],
      mixed: [
        'The {thing} is fine, sizes run a little small.',
        'Decent {thing}, but the shop was chaotic on a Saturday.',
      ],
      complaint: [
        'The {thing} fell apart after one wash; poor quality.',
        'They would not exchange a {thing} with the receipt in hand.',
      ],
    },
    pros: ['Good quality', 'Friendly staff', 'Wide range', 'Easy returns'],
    cons: ['Sizes run small', 'Messy shop', 'Poor quality', 'Few fitting rooms'],
  },
  'Financial Services': {
    things: ['mortgage', 'tax return', 'pension', 'small business loan', 'savings plan'],
    sentences: {
      praise: [
        '{name} made our {thing} simple and was always quick to reply.',
        'Excellent advice on my {thing}; everything explained in plain words.',
      ],
      mixed: [
        'They sorted the {thing} eventually, with a lot of paperwork.',
        'The {thing} advice was fine, the fees less so.',
      ],
      complaint: [
        'Our {thing} was delayed for weeks and nobody returned calls.',
        'Hidden fees on the {thing} that nobody mentioned up front.',
      ],
    },
    pros: ['Clear advice', 'Quick replies', 'Fair fees', 'Patient staff'],
    cons: ['Slow replies', 'Hidden fees', 'Lots of paperwork', 'Hard to reach'],
  },
  'Health & Fitness': {
    things: [
      'spin classes',
      'yoga sessions',
      'training sessions',
      'physio sessions',
      'swim lessons',
    ],
    sentences: {
      praise: [
        'The {thing} are excellent and the coaches really care.',
        'Spotless changing rooms and great {thing}.',
      ],
      mixed: [
        'The {thing} are decent, but peak hours get crowded.',
        'Fine {thing}, though the membership is hard to pause.',
      ],
      complaint: [
        'The {thing} are overcrowded and the changing rooms are dirty.',
        'Half the {thing} were cancelled without notice.',
      ],
    },
    pros: ['Caring coaches', 'Clean facilities', 'Good timetable', 'Modern equipment'],
    cons: ['Crowded at peak', 'Broken machines', 'Hard to cancel', 'Dirty changing rooms'],
  },
  Entertainment: {
    things: ['escape room', 'comedy night', 'cinema', 'bowling alley', 'live music'],
    sentences: {
      praise: [
        'The {thing} was fantastic fun for our group.',
        '{name} ran the {thing} brilliantly; we loved every minute.',
      ],
      mixed: [
        'The {thing} was fine for an evening, if a bit pricey.',
        'An okay {thing}; the snacks were better than the show.',
      ],
      complaint: [
        'The {thing} was a waste of money; half the equipment was broken.',
        'The {thing} started an hour late and the sound was awful.',
      ],
    },
    pros: ['Fun for groups', 'Friendly hosts', 'Good snacks', 'Easy to book'],
    cons: ['Pricey tickets', 'Started late', 'Broken equipment', 'Loud crowd'],
  },
  Education: {
    things: [
      'maths lessons',
      'piano lessons',
      'Spanish classes',
      'coding classes',
      'exam prep sessions',
    ],
    sentences: {
      praise: [
        '{name} is a wonderful teacher and the {thing} paid off quickly.',
        'The {thing} are well organised and my confidence grew every week.',
      ],
      mixed: [
        'The {thing} are okay, progress is slower than hoped.',
        'Fine {thing}, though the materials feel dated.',
      ],
      complaint: [
        'The {thing} were disorganised and the teacher kept cancelling.',
        'We paid for the {thing} up front and got half the sessions.',
      ],
    },
    pros: ['Patient teachers', 'Clear progress', 'Flexible times', 'Small groups'],
    cons: ['Frequent cancellations', 'Dated materials', 'Slow progress', 'Pay up front'],
  },
};

const OPENERS: Record<Tone, string[]> = {
  praise: [
    'Absolutely loved it.',
    'Really impressed with this place.',
    'A wonderful find.',
    'Great experience from start to finish.',
    'Fantastic, exactly what we were looking for.',
    'Excellent; could not have asked for more.',
  ],
  mixed: [
    'Mixed feelings about this one.',
    'It was okay.',
    'Decent, but nothing special.',
    'An average visit.',
    'Some things worked, some did not.',
  ],
  complaint: [
    'Very disappointed.',
    'A poor experience all round.',
    'Sadly a poor experience.',
    'What a letdown.',
    'Disappointing from the start.',
  ],
};

const CLOSERS: Record<Tone, string[]> = {
  praise: [
    'Will definitely be back.',
    'I would recommend it to anyone.',
    'Worth every penny.',
    'Already planning our next visit.',
    'Highly recommend.',
  ],
  mixed: [
    'Might give it another try.',
    'Fine if you are nearby.',
    'Could be better with a few changes.',
    'Neither bad nor memorable.',
  ],
  complaint: ['Never again.', 'Save your money.', 'I will not be returning.', 'Avoid if you can.'],
};

export interface ReviewText {
  content: string;
  pros: string;
  cons: string;
}

/** A review of a business in `category` with `rating` stars. */
export function reviewText(faker: Faker, category: string, rating: number): ReviewText {
  const text = CATEGORY_TEXT[category] ?? CATEGORY_TEXT.Restaurants!;
  const tone = toneOf(rating);
  // One thing and one person per review: its sentences talk about the same visit.
  const thing = faker.helpers.arrayElement(text.things);
  const person = faker.person.firstName();
  const fill = (sentence: string) => sentence.replace('{thing}', thing).replace('{name}', person);
  const body = faker.helpers
    .arrayElements(text.sentences[tone], { min: 1, max: 2 })
    .map(fill)
    .map((sentence) => sentence.charAt(0).toUpperCase() + sentence.slice(1));
  const content = [
    faker.helpers.arrayElement(OPENERS[tone]),
    ...body,
    faker.helpers.arrayElement(CLOSERS[tone]),
  ].join(' ');
  const [pros, cons] =
    tone === 'praise'
      ? [2 + (rating === 5 ? 1 : 0), rating === 5 ? 0 : 1]
      : tone === 'mixed'
        ? [1, 1]
        : [rating === 2 ? 1 : 0, 2];
  return {
    content,
    pros: faker.helpers.arrayElements(text.pros, pros).join('\n'),
    cons: faker.helpers.arrayElements(text.cons, cons).join('\n'),
  };
}
