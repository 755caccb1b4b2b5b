/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { RATING_CAPTIONS } from './helpers';
import { ReviewCard } from './review-card';
import { sampleReview } from './review-fixture';
import { StarInput, StarRating } from './stars';
import { TrustScoreBar } from './trust-score';

function RatingField({ onChange }: { onChange(value: number): void }) {
  const [value, setValue] = useState(0);
  return (
    <StarInput
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('StarInput (spec §2 wizard step 2)', () => {
  it('asks for a rating until one is chosen, then shows its caption', () => {
    const onChange = jest.fn();
    render(<RatingField onChange={onChange} />);
    expect(screen.getByText('Select a rating')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(`4 stars: ${RATING_CAPTIONS[4]}`));
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(screen.getByText('Good - Recommended with minor issues')).toBeTruthy();
    expect(
      (screen.getByLabelText(`4 stars: ${RATING_CAPTIONS[4]}`) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('has the five captions of the spec', () => {
    render(<RatingField onChange={() => undefined} />);
    const captions = [
      'Poor - I would not recommend this',
      'Fair - Several issues, not great',
      'Average - OK but has some problems',
      'Good - Recommended with minor issues',
      'Excellent - Highly recommended!',
    ];
    captions.forEach((caption, index) => {
      const star = index + 1;
      fireEvent.click(
        screen.getByLabelText(`${star} ${star === 1 ? 'star' : 'stars'}: ${caption}`),
      );
      expect(screen.getByText(caption, { selector: 'p' })).toBeTruthy();
    });
  });

  it('previews the caption of the star under the pointer', () => {
    render(<RatingField onChange={() => undefined} />);
    const two = screen.getByLabelText(`2 stars: ${RATING_CAPTIONS[2]}`).closest('label')!;
    fireEvent.mouseEnter(two);
    expect(screen.getByText(RATING_CAPTIONS[2]!, { selector: 'p' })).toBeTruthy();
  });
});

describe('StarRating', () => {
  it('reads out the rating to one decimal', () => {
    render(<StarRating value={3.5} showValue />);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeTruthy();
    expect(screen.getByText('3.5')).toBeTruthy();
  });
});

describe('TrustScoreBar (spec §4 colours and width)', () => {
  const fill = () => screen.getByRole('progressbar').firstElementChild as HTMLElement;

  it.each([
    [4.5, 'green'],
    [4.49, 'amber'],
    [4, 'amber'],
    [3.99, 'orange'],
    [3, 'orange'],
    [2.99, 'red'],
    [0, 'red'],
  ])('score %p is %s', (score, tone) => {
    render(<TrustScoreBar score={score} />);
    expect(fill().className).toContain(`tc-trust-${tone}`);
  });

  it('is as wide as the score divided by 5, and says the score', () => {
    render(<TrustScoreBar score={4} label="Pizza Critics" />);
    const bar = screen.getByRole('progressbar', { name: 'Pizza Critics' });
    expect(bar.getAttribute('aria-valuenow')).toBe('4');
    expect(bar.getAttribute('aria-valuetext')).toBe('4.0 out of 5');
    expect(fill().style.width).toBe('80%');
  });
});

const review = sampleReview;

function renderCard(props: Partial<Parameters<typeof ReviewCard>[0]> = {}) {
  return render(
    <MemoryRouter>
      <ReviewCard review={review} {...props} />
    </MemoryRouter>,
  );
}

describe('ReviewCard', () => {
  it('shows the author, group, business link, rating and text', () => {
    renderCard();
    const card = screen.getByRole('article', { name: 'Review of Luigi Trattoria' });
    expect(within(card).getByText('Dana Scully')).toBeTruthy();
    expect(within(card).getByText('DS')).toBeTruthy();
    expect(within(card).getByText('Pizza Critics')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Luigi Trattoria' }).getAttribute('href')).toBe(
      '/business/12',
    );
    expect(within(card).getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeTruthy();
    expect(within(card).getByText('Wood-fired crust, friendly staff.')).toBeTruthy();
    expect(within(card).getByText(/^Verified/)).toBeTruthy();
  });

  it('counts helpful votes without a button when it cannot vote', () => {
    renderCard();
    expect(screen.queryByRole('button', { name: /Helpful/ })).toBeNull();
    expect(screen.getByText(/2 helpful/)).toBeTruthy();
  });

  it('votes through onHelpful, shows the vote as pressed, and is disabled while pending', () => {
    const onHelpful = jest.fn();
    const { rerender } = renderCard({ onHelpful });
    const button = screen.getByRole('button', { name: 'Helpful (2)' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(onHelpful).toHaveBeenCalledWith(review);
    rerender(
      <MemoryRouter>
        <ReviewCard review={{ ...review, hasVoted: true, helpfulCount: 3 }} helpfulPending />
      </MemoryRouter>,
    );
    expect(screen.getByText(/3 helpful/)).toBeTruthy();
    rerender(
      <MemoryRouter>
        <ReviewCard
          review={{ ...review, hasVoted: true, helpfulCount: 3 }}
          onHelpful={onHelpful}
          helpfulPending
        />
      </MemoryRouter>,
    );
    const pressed = screen.getByRole('button', { name: 'Helpful (3)' }) as HTMLButtonElement;
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(pressed.disabled).toBe(true);
  });

  it("marks the reader's own review and a held one", () => {
    renderCard({ currentUserId: 3 });
    expect(screen.getByText('Your review')).toBeTruthy();
  });

  it('says "Hidden pending review" for a held review', () => {
    render(
      <MemoryRouter>
        <ReviewCard
          review={{
            ...review,
            moderation: {
              status: 'held',
              reason: null,
              decidedAt: null,
              appealed: false,
              canAppeal: true,
            },
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Hidden pending review')).toBeTruthy();
  });

  it('opens its menu with Copy link and Report', () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Review options' }));
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
  });
});
