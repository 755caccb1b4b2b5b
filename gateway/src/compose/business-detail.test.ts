import { withFields } from './business-detail';

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
