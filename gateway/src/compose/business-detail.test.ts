import { isJsonText, withFields } from './business-detail';

describe('withFields', () => {
  it('adds members to a JSON object given as text, keeping it valid JSON', () => {
    const composed = withFields('{"id":7,"name":"Luigi"}', [
      ['reviews', '[{"id":1}]'],
      ['reviewsUnavailable', 'false'],
    ]);
    expect(JSON.parse(composed)).toEqual({
      id: 7,
      name: 'Luigi',
      reviews: [{ id: 1 }],
      reviewsUnavailable: false,
    });
  });

  it('handles an empty object and surrounding whitespace', () => {
    expect(JSON.parse(withFields(' { } \n', [['reviews', '[]']]))).toEqual({ reviews: [] });
    expect(JSON.parse(withFields('{"a":1}\n', [['b', 'true']]))).toEqual({ a: 1, b: true });
  });
});

describe('isJsonText', () => {
  it('tells an object or an array by its ends, whitespace around allowed', () => {
    expect(isJsonText(' {"a":1}\n', 'object')).toBe(true);
    expect(isJsonText('[{"id":1}]', 'array')).toBe(true);
    expect(isJsonText('[{"id":1}]', 'object')).toBe(false);
    expect(isJsonText('{"a":1}', 'array')).toBe(false);
    expect(isJsonText('<html>Bad gateway</html>', 'object')).toBe(false);
    expect(isJsonText('', 'array')).toBe(false);
    expect(isJsonText('[', 'array')).toBe(false);
  });
});
