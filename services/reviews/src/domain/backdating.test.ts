import {
  REVIEW_BACKDATING_DISABLED,
  REVIEW_WRITTEN_AT_INVALID,
  type ErrorIssue,
} from '@trustcircle/contracts';
import type { HttpError } from '@trustcircle/service-kit';
import { writtenAt } from './backdating';

const now = new Date('2026-11-24T12:00:00.000Z');

function refusal(header: string, allowed = true) {
  try {
    writtenAt(header, allowed, now);
  } catch (error) {
    const http = error as HttpError;
    return { status: http.status, issues: http.issues as ErrorIssue[] };
  }
  throw new Error(`${header} was accepted`);
}

describe('writtenAt', () => {
  it('is now (null) without the header, allowed or not', () => {
    expect(writtenAt(undefined, false, now)).toBeNull();
    expect(writtenAt(undefined, true, now)).toBeNull();
  });

  it('takes a past date where backdating is allowed', () => {
    expect(writtenAt('2026-02-03T08:30:00.000Z', true, now)?.toISOString()).toBe(
      '2026-02-03T08:30:00.000Z',
    );
    expect(writtenAt('2026-02-03T09:30:00+01:00', true, now)?.toISOString()).toBe(
      '2026-02-03T08:30:00.000Z',
    );
  });

  it('refuses the header, whatever its date, where backdating is not allowed', () => {
    expect(refusal('2026-02-03T08:30:00.000Z', false)).toEqual({
      status: 400,
      issues: [{ path: 'X-Review-Written-At', message: REVIEW_BACKDATING_DISABLED }],
    });
  });

  it('refuses dates that are not ISO with a zone, in the future, or over two years old', () => {
    for (const bad of [
      'yesterday',
      '2026-02-03',
      '2026-02-03T08:30:00',
      '',
      '2026-11-24T12:05:00.000Z',
      '2024-11-01T00:00:00.000Z',
    ]) {
      expect([bad, refusal(bad)]).toEqual([
        bad,
        {
          status: 400,
          issues: [{ path: 'X-Review-Written-At', message: REVIEW_WRITTEN_AT_INVALID }],
        },
      ]);
    }
  });
});
