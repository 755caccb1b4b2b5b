import { isJsonText, withFieldsParts } from './business-detail';

const bytes = (text: string) => Buffer.from(text);
const parsed = (parts: Buffer[]): unknown => JSON.parse(Buffer.concat(parts).toString());

describe('withFieldsParts', () => {
  it('adds members to a JSON object given as bytes, keeping it valid JSON', () => {
    const composed = withFieldsParts(bytes('{"id":7,"name":"Luigi ☕"}'), [
      ['reviews', bytes('[{"id":1,"text":"Très bon"}]')],
      ['reviewsUnavailable', bytes('false')],
    ]);
    expect(parsed(composed)).toEqual({
      id: 7,
      name: 'Luigi ☕',
      reviews: [{ id: 1, text: 'Très bon' }],
      reviewsUnavailable: false,
    });
  });

  it('handles an empty object and surrounding whitespace', () => {
    expect(parsed(withFieldsParts(bytes(' { } \n'), [['reviews', bytes('[]')]]))).toEqual({
      reviews: [],
    });
    expect(
      parsed(
        withFieldsParts(bytes('{}'), [
          ['a', bytes('1')],
          ['b', bytes('2')],
        ]),
      ),
    ).toEqual({
      a: 1,
      b: 2,
    });
    expect(parsed(withFieldsParts(bytes('{"a":1}\n'), [['b', bytes('true')]]))).toEqual({
      a: 1,
      b: true,
    });
  });
});

describe('isJsonText', () => {
  it('tells an object or an array by its ends, whitespace around allowed', () => {
    expect(isJsonText(bytes(' {"a":1}\n'), 'object')).toBe(true);
    expect(isJsonText(bytes('[{"id":1}]'), 'array')).toBe(true);
    expect(isJsonText(bytes('[]'), 'array')).toBe(true);
    expect(isJsonText(bytes('[{"id":1}]'), 'object')).toBe(false);
    expect(isJsonText(bytes('{"a":1}'), 'array')).toBe(false);
    expect(isJsonText(bytes('<html>Bad gateway</html>'), 'object')).toBe(false);
    expect(isJsonText(bytes(''), 'array')).toBe(false);
    expect(isJsonText(bytes(' \n'), 'array')).toBe(false);
    expect(isJsonText(bytes('['), 'array')).toBe(false);
  });
});
