import {
  searchText,
  countLabel,
  formatCount,
  formatErrorMessage,
  initials,
  levelFromScore,
  profileScore,
  relativeDate,
  starFills,
  trustColour,
  trustTone,
  trustWidth,
  truncate,
  apiMessage,
  withoutStatus,
  isModerator,
  longDate,
  MODERATION_NOTICES,
  moderationNotice,
  verifiedTitle,
} from './helpers';
import { REVIEW_HELD_NOTICE, REVIEW_REMOVED_NOTICE } from '@trustcircle/contracts';

describe('initials', () => {
  it('takes the first letters of the first two words of the name', () => {
    expect(initials('Ada Lovelace King', 'ada')).toBe('AL');
    expect(initials('  grace   hopper ', 'gh')).toBe('GH');
    expect(initials('Plato', 'plato')).toBe('P');
  });
  it('falls back to the first two letters of the username in capitals', () => {
    expect(initials('', 'jdoe')).toBe('JD');
    expect(initials(null, 'x')).toBe('X');
    expect(initials(undefined, undefined)).toBe('?');
  });
});

describe('levels', () => {
  it('weighs reviews 10, groups 5, helpful votes 2', () => {
    expect(profileScore(2, 1, 3)).toBe(31);
  });
  it.each([
    [0, 1, 'New Member', 20],
    [9, 1, 'New Member', 20],
    [10, 2, 'Active Member', 40],
    [25, 3, 'Frequent Reviewer', 60],
    [50, 4, 'Trusted Reviewer', 80],
    [99, 4, 'Trusted Reviewer', 80],
    [100, 5, 'Expert Reviewer', 100],
    [1000, 5, 'Expert Reviewer', 100],
  ])('score %i is level %i %s (%i%%)', (score, level, title, progress) => {
    expect(levelFromScore(score)).toEqual({ level, title, progress });
  });
});

describe('trust colour and width', () => {
  it.each([
    [5, 'green'],
    [4.5, 'green'],
    [4.49, 'amber'],
    [4, 'amber'],
    [3.99, 'orange'],
    [3, 'orange'],
    [2.9, 'red'],
    [0, 'red'],
  ] as const)('%f is %s', (score, tone) => {
    expect(trustTone(score)).toBe(tone);
  });
  it('has a colour for every tone', () => {
    expect(trustColour(4.7)).toBe('#2e7d32');
    expect(trustColour(1)).toBe('#dc2626');
  });
  it('is score / 5 wide, clamped', () => {
    expect(trustWidth(2.5)).toBe(50);
    expect(trustWidth(5)).toBe(100);
    expect(trustWidth(7)).toBe(100);
    expect(trustWidth(-1)).toBe(0);
    expect(trustWidth(Number.NaN)).toBe(0);
  });
});

describe('relativeDate', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('says how long ago', () => {
    expect(relativeDate('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(relativeDate('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeDate('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeDate('2026-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(relativeDate('2026-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeDate('2026-02-20T12:00:00Z', now)).toBe('2 weeks ago');
    expect(relativeDate('2025-03-01T12:00:00Z', now)).toBe('last year');
  });
  it('reads "Invalid date" when unparsable', () => {
    expect(relativeDate('not a date', now)).toBe('Invalid date');
    expect(relativeDate('', now)).toBe('Invalid date');
    expect(relativeDate(null, now)).toBe('Invalid date');
    expect(relativeDate(undefined, now)).toBe('Invalid date');
  });
});

describe('formatErrorMessage', () => {
  it('takes the message field of a JSON body', () => {
    expect(
      formatErrorMessage(401, 'Unauthorized', '{"message":"Invalid username or password"}'),
    ).toBe('401: Invalid username or password');
  });
  it('falls back to the body text', () => {
    expect(formatErrorMessage(502, 'Bad Gateway', 'upstream broke')).toBe('502: upstream broke');
    expect(formatErrorMessage(400, 'Bad Request', '{"issues":[]}')).toBe('400: {"issues":[]}');
    expect(formatErrorMessage(400, 'Bad Request', '{broken')).toBe('400: {broken');
  });
  it('falls back to the status text when the body is empty', () => {
    expect(formatErrorMessage(503, 'Service Unavailable', '')).toBe('503: Service Unavailable');
    expect(formatErrorMessage(500, '', '  ')).toBe('500: Request failed');
  });
});

describe('stars and text', () => {
  it('shows half stars', () => {
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(4.2)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(4.3)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(9)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(Number.NaN)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });
  it('truncates with an ellipsis', () => {
    expect(truncate('abcdef', 10)).toBe('abcdef');
    expect(truncate('abcdef', 3)).toBe('abc…');
  });
});

describe('searchText', () => {
  it('ignores blank search text and trims the rest (spec §5)', () => {
    expect(searchText('   ')).toBeNull();
    expect(searchText(null)).toBeNull();
    expect(searchText('  coffee & cake ')).toBe('coffee & cake');
  });
});

describe('moderation and verification texts', () => {
  it("are the contracts' notices", () => {
    expect(MODERATION_NOTICES).toEqual({
      held: REVIEW_HELD_NOTICE,
      removed: REVIEW_REMOVED_NOTICE,
    });
    expect(moderationNotice('held')).toBe(REVIEW_HELD_NOTICE);
    expect(moderationNotice('removed')).toBe(REVIEW_REMOVED_NOTICE);
    expect(moderationNotice('published')).toBeNull();
    expect(moderationNotice(undefined)).toBeNull();
  });
  it('dates the verified badge when the date is known', () => {
    expect(longDate('2026-03-12T10:00:00Z')).toBe('12 March 2026');
    expect(longDate('nonsense')).toBeNull();
    expect(verifiedTitle('2026-03-12T10:00:00Z')).toBe('Verified Reviewer since 12 March 2026');
    expect(verifiedTitle(null)).toBe('Verified Reviewer');
  });
  it('knows moderators by their role', () => {
    expect(isModerator({ roles: ['member', 'moderator'] })).toBe(true);
    expect(isModerator({ roles: ['member'] })).toBe(false);
    expect(isModerator(null)).toBe(false);
  });
});

describe('apiMessage', () => {
  it('drops the status prefix of an API error', () => {
    expect(apiMessage(new Error('400: Please give a reason for removing this review'))).toBe(
      'Please give a reason for removing this review',
    );
    expect(apiMessage(new Error('Network down'))).toBe('Network down');
  });

  it('drops it after a lead-in too, and leaves other numbers alone', () => {
    expect(withoutStatus('Failed to join group: 409: You are already a member')).toBe(
      'Failed to join group: You are already a member',
    );
    expect(withoutStatus('Open 7 days: 10:00 to 18:00')).toBe('Open 7 days: 10:00 to 18:00');
    expect(withoutStatus('Room 101: booked')).toBe('Room 101: booked');
  });
});

describe('longDate', () => {
  it('writes the day, the month by name and the year', () => {
    expect(longDate('2026-03-12T10:00:00Z')).toBe('12 March 2026');
    expect(longDate('not a date')).toBeNull();
  });
});

describe('counts', () => {
  it("are the contracts' own, as the gateway paints them", () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(countLabel(1500, 'review')).toBe('1,500 reviews');
  });
});
