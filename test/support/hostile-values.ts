import fc from 'fast-check';

/** Values for hostile requests (test/hostile-input.test.ts): what must never become a 5xx. */

/** Ids that exist when the requests are sent, so valid-looking calls reach deep code paths. */
export interface KnownIds {
  groupId: number;
  businessId: number;
  reviewId: number;
}

// Strings that must never reach a 5xx: control characters, lone surrogates, huge, RTL, SQL.
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\u0000${b}`),
  fc
    .tuple(fc.string(), fc.integer({ min: 1, max: 31 }))
    .map(([a, code]) => `${a}${String.fromCharCode(code)}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\ud800', 'x\udfff', '\u0085', '\u009b[0m', '\u007f'),
  fc.integer({ min: 5_000, max: 100_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => '😀\u202e'.repeat(n)),
  fc.constantFrom("' OR 1=1 --", '%', '_%\\', '${7*7}', '<script>', '', '   ', '\u200b'),
);

/** A value no schema field accepts as it is: it carries characters no text may hold. */
export const refusedText = nastyString.filter((s) => /(?![\t\n\r])\p{Cc}|\p{Cs}/u.test(s));

const deep = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { d: value } : [value];
  return value;
};

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.constantFrom(-1, 0, 1.5, 1e99, -1e99, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE),
  fc.constantFrom(true, false, null),
  fc.constantFrom({}, [], { $gt: '' }, ['x'], [[[]]], { toString: 'x' }),
  fc.integer({ min: 33, max: 200 }).map((n) => deep(n)),
  fc.array(nastyString, { maxLength: 30 }),
);

export const nastyId = fc.oneof(
  fc.constantFrom('%', '%zz', '%00', '%C3%28', '%E0%80%80', '-1', '0', '1e99', '1.5', 'abc'),
  fc.constantFrom('99999999999999999999', '2147483648', '%D9%A3', '%F0%9F%98%80', 'null', '%2e%2e'),
  fc.constantFrom('%252F', '%5B1%5D', '..%2F..%2Fetc', '1%00', '-0', 'NaN', 'Infinity'),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 20 })
    .map((s) => encodeURI(s.replace(/[\ud800-\udfff]/g, '?'))),
);
/** Ids refused whatever exists: never a number `Number()` would read (' 1', '0x1F', '1e3'). */
export const refusedId = fc.constantFrom(
  '%',
  '%zz',
  '%00',
  '%C3%28',
  '-1',
  '0',
  '1e99',
  '1.5',
  'abc',
  '%F0%9F%98%80',
  '99999999999999999999',
);

export const nastyCursor = fc.oneof(
  fc.constantFrom('abc', 'eyJpZCI6LTF9', 'eyJ4Ijp7fX0', '%zz', '%00', '-1', 'null', '[]', '{}'),
  fc.base64String({ maxLength: 300 }).map(encodeURIComponent),
  fc.string({ maxLength: 300 }).map(encodeURIComponent),
);

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1).toString(36)}`;

/** A value the field would probably accept: valid calls get past validation into the domain. */
export function plausible(
  name: string,
  field: Record<string, unknown>,
  ids: KnownIds,
): fc.Arbitrary<unknown> {
  if (Array.isArray(field.enum)) return fc.constantFrom(...(field.enum as unknown[]));
  if ('const' in field) return fc.constant(field.const);
  if (/^groupIds$/.test(name)) return fc.constant([ids.groupId]);
  if (/^groupId$/.test(name)) return fc.constantFrom(ids.groupId, String(ids.groupId), 1);
  if (/^businessId$/.test(name)) return fc.constantFrom(ids.businessId, 1);
  if (/^rating$/.test(name)) return fc.integer({ min: 1, max: 5 });
  if (/^(photos)$/.test(name)) return fc.constant([]);
  if (/^username$/.test(name)) return fc.constant(null).map(() => `h_${unique()}`);
  if (/^email$/.test(name)) return fc.constant(null).map(() => `h_${unique()}@example.com`);
  if (/password/i.test(name)) return fc.constant('correct horse battery');
  if (/^color$/.test(name)) return fc.constant('#009688');
  if (/^icon$/.test(name)) return fc.constant('users');
  if (/^(website|image|avatar)$/.test(name)) return fc.constant('https://example.com/x.png');
  if (/^phone$/.test(name)) return fc.constant('+1 555 0100');
  if (/^action$/.test(name)) return fc.constantFrom('keep', 'remove');
  return fc.oneof(
    fc.constant(null).map(() => `Plausible text ${unique()} for a field`),
    fc.string({ unit: 'grapheme', minLength: 10, maxLength: 60 }),
  );
}
