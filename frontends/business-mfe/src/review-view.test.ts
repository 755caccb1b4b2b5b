import {
  DEFAULT_VIEW,
  readReviewView,
  readTab,
  reviewsPath,
  viewParams,
  type ReviewView,
} from './review-view';

const params = (text: string) => new URLSearchParams(text);

describe('the business page view in the URL', () => {
  it('reads a shared link, and anything unknown as the default', () => {
    expect(readReviewView(params('sort=lowest&stars=5,4,4,9,x&photos=1&group=3'))).toEqual({
      sort: 'lowest',
      stars: [4, 5],
      withPhotos: true,
      groupId: 3,
    });
    expect(readReviewView(params('sort=loudest&photos=yes&group=-2'))).toEqual(DEFAULT_VIEW);
  });

  it('opens the tab the URL names, or Reviews when it holds a review view', () => {
    expect(readTab(params(''))).toBe('overview');
    expect(readTab(params('tab=similar'))).toBe('similar');
    expect(readTab(params('stars=1'))).toBe('reviews');
    expect(readTab(params('tab=nope'))).toBe('overview');
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(viewParams('overview', DEFAULT_VIEW).toString()).toBe('');
    expect(viewParams('reviews', DEFAULT_VIEW).toString()).toBe('tab=reviews');
    const view: ReviewView = { sort: 'newest', stars: [1, 2], withPhotos: true, groupId: 8 };
    const written = viewParams('reviews', view);
    expect(written.toString()).toBe('tab=reviews&sort=newest&stars=1%2C2&photos=1&group=8');
    expect(readReviewView(written)).toEqual(view);
    expect(readTab(written)).toBe('reviews');
    // Other tabs carry no review view.
    expect(viewParams('communities', view).toString()).toBe('tab=communities');
  });

  it("asks the API for one page of the view, in the API's words", () => {
    expect(reviewsPath(4, DEFAULT_VIEW)).toBe('/api/businesses/4/reviews?sort=relevant&limit=20');
    expect(reviewsPath(4, { sort: 'highest', stars: [5], withPhotos: true, groupId: 2 })).toBe(
      '/api/businesses/4/reviews?sort=highest&limit=20&stars=5&withPhotos=true&groupId=2',
    );
  });
});
