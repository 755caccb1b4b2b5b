import { REVIEW_SUBJECTS, USER_SUBJECTS, type EventSubject } from '@trustcircle/contracts';
import { consumerFilters, eventNaming } from './naming';

describe('eventNaming', () => {
  it('uses the design names without a prefix', () => {
    const naming = eventNaming('');
    expect(naming.wireSubject('identity.user.registered')).toBe('identity.user.registered');
    expect(naming.streamName('identity')).toBe('IDENTITY');
    expect(naming.producerWildcard('identity')).toBe('identity.>');
  });

  it('isolates a prefixed run in its own subjects and streams', () => {
    const naming = eventNaming('t1a-b');
    expect(naming.wireSubject('reviews.vote.changed')).toBe('t1a-b.reviews.vote.changed');
    expect(naming.streamName('reviews')).toBe('T1A_B_REVIEWS');
    expect(naming.producerWildcard('reviews')).toBe('t1a-b.reviews.>');
  });
});

describe('consumerFilters', () => {
  it('groups subjects by producing stream, exact when alone and wildcard when several', () => {
    const filters = consumerFilters(eventNaming('p'), [
      'identity.user.updated',
      'reviews.review.created',
      'reviews.review.hidden',
      'reviews.review.created',
    ]);
    expect(filters).toEqual([
      {
        producer: 'identity',
        stream: 'P_IDENTITY',
        filterSubject: 'p.identity.user.updated',
        subjects: ['identity.user.updated'],
      },
      {
        producer: 'reviews',
        stream: 'P_REVIEWS',
        filterSubject: 'p.reviews.review.>',
        subjects: ['reviews.review.created', 'reviews.review.hidden'],
      },
    ]);
  });

  it("filters on the subjects' common tokens, so what is not wanted is not delivered", () => {
    const filterOf = (subjects: EventSubject[]) =>
      consumerFilters(eventNaming(''), subjects).map((filter) => filter.filterSubject);
    expect(filterOf(['reviews.review.created', 'reviews.vote.changed'])).toEqual(['reviews.>']);
    expect(filterOf([...REVIEW_SUBJECTS])).toEqual(['reviews.review.>']);
    expect(filterOf([...USER_SUBJECTS, 'reviews.reply.created', 'reviews.reply.deleted'])).toEqual([
      'identity.user.>',
      'reviews.reply.>',
    ]);
  });
});
