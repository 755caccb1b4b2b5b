import { parseCursor } from './groups';

describe('parseCursor', () => {
  it('reads positive integer cursors', () => {
    expect(parseCursor(undefined)).toBeUndefined();
    expect(parseCursor('42')).toBe(42);
  });

  it('answers 0 (past every page) for anything else', () => {
    for (const bad of ['', '0', '-1', 'abc', '1.5', '01', '12345678901']) {
      expect(parseCursor(bad)).toBe(0);
    }
  });
});
