import { HttpError } from '@trustcircle/service-kit';
import { mayBeArriving, membershipVerdict, stillProcessing } from './projection-gaps';

describe('what may still be on its way', () => {
  it('is an id newer than every projected one, or any id before the first', () => {
    expect(mayBeArriving(11, 10)).toBe(true);
    expect(mayBeArriving(10, 10)).toBe(false);
    expect(mayBeArriving(3, 10)).toBe(false);
    expect(mayBeArriving(1, null)).toBe(true);
  });
});

describe('membershipVerdict', () => {
  const member = (groupId: number) => ({ groupId, member: true, groupKnown: true });
  const left = (groupId: number) => ({ groupId, member: false, groupKnown: true });
  const noRow = (groupId: number, groupKnown: boolean) => ({ groupId, member: null, groupKnown });

  it('lets members of every group share', () => {
    expect(membershipVerdict([member(1), member(2)], 2)).toBe('member');
  });

  it('refuses a group the author left, whatever else is pending', () => {
    expect(membershipVerdict([left(1)], 5)).toBe('refused');
    expect(membershipVerdict([noRow(9, false), left(1)], 5)).toBe('refused');
    expect(membershipVerdict([left(1), noRow(9, false)], 5)).toBe('refused');
  });

  it('waits for a join not projected yet, in a known group or a newer one', () => {
    expect(membershipVerdict([member(1), noRow(2, true)], 5)).toBe('pending');
    expect(membershipVerdict([noRow(6, false)], 5)).toBe('pending');
    expect(membershipVerdict([noRow(1, false)], null)).toBe('pending');
  });

  it('refuses a missing group older than the newest projected one: it does not exist', () => {
    expect(membershipVerdict([noRow(3, false)], 5)).toBe('refused');
    expect(membershipVerdict([noRow(6, false), noRow(3, false)], 5)).toBe('refused');
  });
});

it('answers a retryable 409 with Retry-After', () => {
  const error = stillProcessing('later');
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status: 409, message: 'later', headers: { 'Retry-After': '1' } });
});
