import { parseLastEventId, sseEvent } from './sse';

describe('SSE framing', () => {
  it('writes id, event and one JSON data line, ended by a blank line', () => {
    expect(sseEvent('notification', 42, { text: 'a\nb' })).toBe(
      'id: 42\nevent: notification\ndata: {"text":"a\\nb"}\n\n',
    );
  });

  it('reads Last-Event-ID as a notification id, anything else as absent', () => {
    expect(parseLastEventId('17')).toBe(17);
    expect(parseLastEventId(' 17 ')).toBe(17);
    expect(parseLastEventId('0')).toBe(0);
    expect(parseLastEventId(undefined)).toBeNull();
    expect(parseLastEventId('')).toBeNull();
    expect(parseLastEventId('-3')).toBeNull();
    expect(parseLastEventId('1e3')).toBeNull();
    expect(parseLastEventId('9'.repeat(40))).toBeNull();
    expect(parseLastEventId(['1'])).toBeNull();
  });
});
