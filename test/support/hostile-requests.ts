import { apiOperations, type ApiOperation } from '@trustcircle/contracts';
import fc from 'fast-check';
import { z } from 'zod';
import {
  nastyCursor,
  nastyId,
  nastyString,
  nastyValue,
  plausible,
  refusedId,
  refusedText,
  type KnownIds,
} from './hostile-values';

export type { KnownIds } from './hostile-values';

/**
 * fast-check arbitraries for hostile requests to every operation of the OpenAPI document
 * (`apiOperations`, the list docs/openapi.json is built from): wrong types, huge and Unicode
 * strings with NUL, odd ids and cursors, deep JSON, wrong content types, oversized bodies.
 */

/**
 * Who sends it: a member, a moderator, nobody, a forged cookie, a session of its own, or an
 * account of its own (for leaving, changing the password or ending sessions: the fields'
 * values include the real password).
 */
export type Sender = 'member' | 'moderator' | 'anonymous' | 'forged' | 'throwaway' | 'leaver';

export interface HostileRequest {
  /** The operation, as `METHOD /path/template`. */
  operation: string;
  method: string;
  /** Already percent-encoded (or deliberately malformed). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  sender: Sender;
  /** Built to be refused whatever the database holds (a write must answer 4xx). */
  refusable: boolean;
}

const BODY_LIMIT = 1024 * 1024;

/** Field names (with their JSON Schema) of a request schema, alternatives merged. */
function fieldsOf(schema: z.ZodType): [string, Record<string, unknown>][] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown>>;
    oneOf?: { properties?: Record<string, Record<string, unknown>> }[];
    anyOf?: { properties?: Record<string, Record<string, unknown>> }[];
  };
  const merged: Record<string, Record<string, unknown>> = { ...json.properties };
  for (const alt of [...(json.oneOf ?? []), ...(json.anyOf ?? [])])
    Object.assign(merged, alt.properties);
  return Object.entries(merged);
}

/** A JSON object for the operation's body: each field plausible, nasty or left out. */
function bodyObject(op: ApiOperation, ids: KnownIds, refusable: boolean): fc.Arbitrary<object> {
  const fields = op.request ? fieldsOf(op.request) : [];
  // Mostly one hostile thing at a time, so requests get past the checks before it into the
  // schemas, the domain and the database; sometimes every field at random.
  const fieldValue = (name: string, field: Record<string, unknown>, nastyWeight: number) =>
    fc
      .oneof(
        { weight: 8, arbitrary: plausible(name, field, ids).map((v) => ({ v })) },
        { weight: nastyWeight, arbitrary: nastyValue.map((v) => ({ v })) },
        { weight: 1, arbitrary: fc.constant(null) },
      )
      .map((choice) => [name, choice] as const);
  const chaos = fc.tuple(...fields.map(([name, field]) => fieldValue(name, field, 6)));
  const calm = fc.tuple(...fields.map(([name, field]) => fieldValue(name, field, 0)));
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyValue, { maxKeys: 2 }),
    },
  );
  const oneBad = fields.length
    ? fc.tuple(fc.constantFrom(...fields.map(([name]) => name)), nastyValue)
    : fc.constant(null);
  return fc
    .tuple(fc.oneof(calm, chaos), extra, fc.option(oneBad, { freq: 2 }))
    .chain(([chosen, extraFields, bad]) => {
      const object: Record<string, unknown> = { ...extraFields };
      for (const [name, choice] of chosen) if (choice) object[name] = choice.v;
      if (bad) object[bad[0]] = bad[1];
      if (!refusable || fields.length === 0) return fc.constant(object);
      // Refused whatever else it holds: one real field carries text no field may hold.
      return fc
        .tuple(fc.constantFrom(...fields.map(([name]) => name)), refusedText)
        .map(([name, text]) => ({ ...object, [name]: text }));
    });
}

type Body = { contentType?: string; bytes: Buffer; refused: boolean };
const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value) ?? 'null');

/** The body as sent: usually JSON of the object, else broken JSON, another type, too big. */
function bodyOf(op: ApiOperation, ids: KnownIds, refusable: boolean): fc.Arbitrary<Body | null> {
  // Only operations that take a JSON body parse one (logout, joins and votes ignore theirs).
  const parsesJson = op.request !== undefined;
  const jsonType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/merge-patch+json',
  );
  const shaped = fc
    .tuple(bodyObject(op, ids, refusable), jsonType)
    .map(([object, contentType]): Body => ({
      contentType,
      bytes: json(object),
      refused: refusable && parsesJson,
    }));
  const broken = fc
    .constantFrom(
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      '{"a":"\u0000"}',
      '\u0000',
      'null',
      '"text"',
      '123',
      '[',
      '{"__proto__":{"x":1}}',
    )
    .map((text): Body => ({
      contentType: 'application/json',
      bytes: Buffer.from(text),
      refused: false,
    }));
  const deepBody = fc
    .integer({ min: 17, max: 10_000 })
    // Written as text: JSON.stringify itself overflows the stack on documents this deep.
    .map((depth): Body => ({
      contentType: 'application/json',
      bytes: Buffer.from(`{"name":${'[{"d":'.repeat(depth)}1${'}]'.repeat(depth)}}`),
      refused: parsesJson,
    }));
  const otherType = fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data; boundary=zz',
        'application/json; charset=utf-16',
        'image/png',
      ),
      fc.string({ maxLength: 200 }),
    )
    .map(([contentType, text]): Body => ({
      contentType,
      bytes: Buffer.from(text.length ? text : 'x'),
      // The gateway takes multipart on the photo upload path only, and JSON in any charset
      // (refused where a JSON parser meets it); everything else is a 415.
      refused: contentType.startsWith('multipart')
        ? !op.path.startsWith('/api/photos')
        : !contentType.includes('utf-16') || parsesJson,
    }));
  const oversized = fc
    .integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 64 * 1024 })
    .map((size): Body => ({
      contentType: 'application/json',
      bytes: json({ content: 'x'.repeat(size) }),
      refused: true,
    }));
  const arbitraries: fc.WeightedArbitrary<Body | null>[] = [
    { weight: 12, arbitrary: shaped },
    { weight: 2, arbitrary: broken },
    { weight: 2, arbitrary: deepBody },
    { weight: 2, arbitrary: otherType },
    { weight: 1, arbitrary: oversized },
  ];
  if (!refusable) arbitraries.push({ weight: op.request ? 1 : 6, arbitrary: fc.constant(null) });
  return fc.oneof(...arbitraries);
}

function idFor(template: string, ids: KnownIds): number {
  if (template.includes('/groups/')) return ids.groupId;
  if (template.includes('/businesses/')) return ids.businessId;
  return ids.reviewId;
}

const queryValue = (key: string): fc.Arbitrary<string> =>
  key === 'cursor'
    ? nastyCursor
    : fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constantFrom('10', '1', '100', '0', '101', '-1', 'abc', '1e99', ''),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom('%', '%00', '10&limit=20', 'Restaurants', 'caf%C3%A9'),
        },
        {
          weight: 1,
          arbitrary: nastyString.map((s) =>
            encodeURIComponent(s.slice(0, 300).replace(/[\ud800-\udfff]/g, '?')),
          ),
        },
      );

function queryOf(op: ApiOperation): fc.Arbitrary<string> {
  const keys = op.query ? fieldsOf(op.query).map(([name]) => name) : [];
  const pairs = fc.array(
    fc
      .tuple(fc.constantFrom(...keys, 'x', 'limit[]', '__proto__'), fc.constant(null))
      .chain(([key]) => queryValue(key).map((value) => `${encodeURIComponent(key)}=${value}`)),
    { maxLength: 4 },
  );
  return pairs.map((list) => (list.length ? `?${list.join('&')}` : ''));
}

/** Every request of one operation: `refusable` ones are built so that a write must be refused. */
function requestsFor(
  op: ApiOperation,
  ids: KnownIds,
  refusable: boolean,
): fc.Arbitrary<HostileRequest> {
  const template = op.path.replace(/\{(\w+)\}/g, ':$1');
  const hasId = template.includes(':id');
  const id: fc.Arbitrary<string> = hasId
    ? refusable
      ? refusedId
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant(String(idFor(template, ids))) },
          { weight: 2, arbitrary: nastyId },
        )
    : fc.constant('');
  const sessionOps = ['/api/login', '/api/register', '/api/logout'];
  // Operations that, with the real password, end or replace the sender's sessions (leave, a
  // password change, signing out elsewhere): sent from accounts of their own, never the member's.
  const accountEnding = [
    'DELETE /api/user',
    'POST /api/user/password',
    'POST /api/user/sessions/end-others',
    'DELETE /api/user/sessions/{id}',
  ];
  const sender: fc.Arbitrary<Sender> = sessionOps.includes(op.path)
    ? fc.constantFrom('anonymous', 'forged', 'throwaway')
    : accountEnding.includes(`${op.method.toUpperCase()} ${op.path.replace(/:(\w+)/g, '{$1}')}`)
      ? fc.constantFrom('leaver', 'anonymous', 'forged')
      : fc.constantFrom('member', 'member', 'moderator', 'anonymous', 'forged');
  // Whole-request hostility: a long address, huge headers, another site's Origin.
  const extra = fc.oneof(
    { weight: 20, arbitrary: fc.constant({ headers: {}, suffix: '', refused: false }) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 8_300, max: 40_000 })
        .map((n) => ({ headers: {}, suffix: `${'a'.repeat(n)}`, refused: true })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        headers: { 'x-padding': 'p'.repeat(17_000) },
        suffix: '',
        refused: true,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        headers: { origin: 'https://evil.example' },
        suffix: '',
        refused: op.method !== 'get',
      }),
    },
    { weight: 1, arbitrary: fc.constant({ headers: {}, suffix: '%zz', refused: true }) },
  );
  return fc
    .record({
      id,
      query: queryOf(op),
      body: op.method === 'get' ? fc.constant(null) : bodyOf(op, ids, refusable),
      sender,
      extra,
    })
    .filter(
      ({ id: chosen, body, extra: whole }) =>
        !refusable ||
        op.method === 'get' ||
        (hasId && chosen !== '') ||
        (body?.refused ?? false) ||
        whole.refused,
    )
    .map(({ id: chosen, query, body, sender: who, extra: whole }) => {
      const path = template.replace(':id', chosen);
      const headers: Record<string, string> = { ...whole.headers };
      if (body?.contentType) headers['content-type'] = body.contentType;
      const suffix = whole.suffix ? `${query ? '&' : '?'}pad=${whole.suffix}` : '';
      return {
        operation: `${op.method.toUpperCase()} ${op.path}`,
        method: op.method.toUpperCase(),
        path: `${path}${query}${suffix}`,
        headers,
        body: body?.bytes,
        sender: who,
        refusable,
      };
    });
}

/** Requests over every operation of the API, in equal measure. */
export function hostileRequests(
  ids: KnownIds,
  options: { refusable: boolean },
): fc.Arbitrary<HostileRequest> {
  return fc.oneof(...apiOperations.map((op) => requestsFor(op, ids, options.refusable)));
}

export const operationCount = apiOperations.length;
