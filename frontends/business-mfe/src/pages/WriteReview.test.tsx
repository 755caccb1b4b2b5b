/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  REVIEW_BUSINESS_REQUIRED,
  REVIEW_CONTENT_TOO_SHORT,
  REVIEW_RATING_REQUIRED,
} from '@trustcircle/contracts/reviews';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RATING_CAPTIONS, ToastProvider } from '@trustcircle/ui';
import { WriteReviewPage } from './WriteReview';

/**
 * The wizard's steps and validation (spec §2, §4, §5) in jsdom. The API is a canned `fetch`
 * (the browser tests in e2e/business.test.ts drive the same wizard against the real services).
 */
const luigi = {
  id: 12,
  name: 'Luigi Trattoria',
  description: null,
  category: 'Restaurants',
  image: null,
  createdAt: '2026-01-01T00:00:00Z',
  globalTrustScore: 4.2,
  reviewCount: 3,
};
const pizzaCritics = {
  id: 5,
  name: 'Pizza Critics',
  description: 'Slices ranked.',
  icon: 'users',
  color: '#009688',
  createdAt: '2026-01-01T00:00:00Z',
  creatorId: 1,
  creator: null,
  memberCount: 6,
  reviewCount: 2,
};

let myGroups: unknown[];
let posted: unknown[];
let patched: unknown[];
/** The reader's own review of Luigi's, when they wrote one. */
let mine: unknown[];
const myReview = {
  id: 40,
  userId: 1,
  businessId: 12,
  rating: 2,
  content: 'Cold pizza and a long wait.',
  pros: 'Nice view',
  cons: 'Slow',
  photos: ['/api/photos/0b7c6a8e-2f1d-4c3b-9a8e-1f2d3c4b5a69'],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  editedAt: null,
  businessName: 'Luigi Trattoria',
  helpfulCount: 0,
  groups: [{ id: 5, name: 'Pizza Critics' }],
  user: { id: 1, name: 'Dana Scully', username: 'dana', avatar: null, isVerified: false },
  hasVoted: false,
  moderation: {
    status: 'published',
    reason: null,
    decidedAt: null,
    appealed: false,
    canAppeal: false,
  },
};

function answer(body: unknown, status = 200) {
  return {
    ok: status < 300,
    status,
    statusText: 'OK',
    text: async () => JSON.stringify(body),
    headers: new Headers(),
  } as Response;
}

beforeEach(() => {
  myGroups = [pizzaCritics];
  posted = [];
  patched = [];
  mine = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/businesses?search=')) return answer([luigi]);
    if (url === '/api/businesses/12') return answer({ ...luigi, reviews: [] });
    if (url === '/api/groups/user') return answer(myGroups);
    if (url === '/api/reviews/user?businessId=12') return answer(mine);
    if (url === '/api/reviews/40' && init?.method === 'PATCH') {
      patched.push(JSON.parse(String(init.body)));
      return answer({ ...myReview, id: 40 });
    }
    if (url === '/api/reviews' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return answer({ id: 99 }, 201);
    }
    return answer({ message: 'Not found' }, 404);
  }) as typeof fetch;
});
afterEach(() => {
  jest.restoreAllMocks();
});

function renderWizard(path = '/write-review') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<p>Home page</p>} />
            <Route path="/reviews/:id" element={<p>Review page</p>} />
            <Route path="/write-review" element={<WriteReviewPage />} />
            <Route path="/write-review/:businessId" element={<WriteReviewPage />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const search = (text: string) => {
  fireEvent.change(screen.getByLabelText('Search for a business'), { target: { value: text } });
  click(/Search/);
};

/** Luigi's preselected, 3 stars and a text: on to step 3. */
async function toGroupsOfLuigi() {
  renderWizard('/write-review/12');
  await screen.findByText('Step 2 of 3');
  fireEvent.click(screen.getByLabelText(`3 stars: ${RATING_CAPTIONS[3]}`));
  fireEvent.change(screen.getByLabelText('Your review'), {
    target: { value: 'Fine, nothing special.' },
  });
  click('Continue');
}

async function chooseLuigi() {
  search('Luigi');
  fireEvent.click(await screen.findByRole('button', { name: /Luigi Trattoria/ }));
}

describe('write-review wizard', () => {
  it('starts at step 1 of 3 and needs a business to continue', async () => {
    renderWizard();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(screen.getByText('33%')).toBeTruthy();
    click('Continue');
    expect(screen.getByRole('alert').textContent).toBe(REVIEW_BUSINESS_REQUIRED);
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('searches only with more than 2 characters, then lists the count and the results', async () => {
    renderWizard();
    search('Lu');
    expect(screen.getByText(/Type more than 2 characters/).className).toContain('text-danger');
    expect(globalThis.fetch).not.toHaveBeenCalledWith(
      expect.stringContaining('/api/businesses?search='),
      expect.anything(),
    );
    search('Luigi');
    expect(await screen.findByText('1 business found')).toBeTruthy();
    expect(screen.getByText('Restaurants')).toBeTruthy();
  });

  it('needs a rating and 10 characters on step 2, then goes to step 3', async () => {
    renderWizard();
    await chooseLuigi();
    click('Continue');
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByText('Reviewing')).toBeTruthy();

    click('Continue');
    expect(screen.getByText(REVIEW_RATING_REQUIRED)).toBeTruthy();
    expect(screen.getByText(REVIEW_CONTENT_TOO_SHORT)).toBeTruthy();

    fireEvent.click(screen.getByLabelText(`5 stars: ${RATING_CAPTIONS[5]}`));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Too short' } });
    click('Continue');
    expect(screen.queryByText(REVIEW_RATING_REQUIRED)).toBeNull();
    expect(screen.getByText(REVIEW_CONTENT_TOO_SHORT)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Your review'), {
      target: { value: 'Crisp crust and kind staff.' },
    });
    click('Continue');
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();

    click('Back');
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe(
      'Crisp crust and kind staff.',
    );
  });

  it('keeps Submit disabled until a group is chosen, then posts the review and goes home', async () => {
    renderWizard('/write-review/12');
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(`4 stars: ${RATING_CAPTIONS[4]}`));
    fireEvent.change(screen.getByLabelText('Your review'), {
      target: { value: 'Crisp crust and kind staff.' },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Pros' }));
    fireEvent.change(screen.getByLabelText('Pros (one point per line)'), {
      target: { value: 'Crust' },
    });
    click('Continue');

    const submit = screen.getByRole('button', { name: 'Submit Review' }) as HTMLButtonElement;
    await screen.findByText('Pizza Critics');
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(await screen.findByText('Review submitted successfully')).toBeTruthy();
    expect(screen.getByText('Thank you for sharing your experience!')).toBeTruthy();
    expect(posted).toEqual([
      {
        businessId: 12,
        rating: 4,
        content: 'Crisp crust and kind staff.',
        pros: 'Crust',
        cons: '',
        groupIds: [5],
        photos: [],
      },
    ]);
  });

  it('says "You\'re not in any groups yet" with a way to find groups, and cannot submit', async () => {
    myGroups = [];
    await toGroupsOfLuigi();
    expect(await screen.findByText("You're not in any groups yet")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find Groups to Join' }).getAttribute('href')).toBe(
      '/groups',
    );
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Submit Review' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  it('edits the reader\'s existing review: filled in, a photo removed, "Update Review" patches it', async () => {
    mine = [myReview];
    renderWizard('/write-review/12');
    expect(await screen.findByRole('heading', { name: 'Edit your review' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe(
      'Cold pizza and a long wait.',
    );
    expect(screen.getByRole('img', { name: 'Photo 1 of your review' })).toBeTruthy();
    click('Remove photo 1 of your review');
    expect(screen.queryByRole('img', { name: 'Photo 1 of your review' })).toBeNull();
    fireEvent.click(screen.getByLabelText(`4 stars: ${RATING_CAPTIONS[4]}`));
    click('Continue');

    await screen.findByText('Pizza Critics');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('6 members')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).toBeNull();
    click('Update Review');

    expect(await screen.findByText('Review page')).toBeTruthy();
    expect(await screen.findByText('Review updated')).toBeTruthy();
    expect(posted).toEqual([]);
    expect(patched).toEqual([
      {
        rating: 4,
        content: 'Cold pizza and a long wait.',
        pros: 'Nice view',
        cons: 'Slow',
        groupIds: [5],
        photos: [],
      },
    ]);
  });

  it('says "1 member" for a group of one (one plural helper)', async () => {
    myGroups = [{ ...pizzaCritics, memberCount: 1 }];
    await toGroupsOfLuigi();
    expect(await screen.findByText('1 member')).toBeTruthy();
  });
});
