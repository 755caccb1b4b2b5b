import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import {
  CHANGED_PARTS_HEADER,
  changedOnly,
  parseChangedParts,
  partsChangedBy,
} from '../src/changed-parts';

const answer = () => new ServerResponse(new IncomingMessage(new Socket()));

describe('changed parts', () => {
  it('names the parts a write changed, or that it changed none, and reads them back', () => {
    for (const parts of [['business:42'], ['business:1', 'shop:7'], []]) {
      const res = answer();
      changedOnly(res, parts);
      expect(parseChangedParts(res.getHeader(CHANGED_PARTS_HEADER))).toEqual(parts);
    }
  });

  it('refuses to name what is not a part, and reads nothing it cannot trust', () => {
    expect(() => changedOnly(answer(), ['business:007'])).toThrow();
    expect(() => changedOnly(answer(), ['business:1,business:2'])).toThrow();
    for (const value of [undefined, 42, ['business:1'], '', 'business', 'business:0', 'none,x:1']) {
      expect([value, parseChangedParts(value)]).toEqual([value, null]);
    }
  });

  it('reads no part changed by a write the service refused, and any by one that failed', () => {
    for (const status of [400, 403, 404, 409, 429, 499]) {
      expect([status, partsChangedBy(status, undefined)]).toEqual([status, []]);
    }
    expect(partsChangedBy(200, 'business:4')).toEqual(['business:4']);
    expect(partsChangedBy(201, undefined)).toBeNull();
    expect(partsChangedBy(500, 'none')).toEqual([]);
    expect(partsChangedBy(503, undefined)).toBeNull();
  });
});
