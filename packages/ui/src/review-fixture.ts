import type { ModeratedReview } from '@trustcircle/contracts';

/** A review as the API answers it, for the component tests of the cards and lists. */
export const sampleReview: ModeratedReview = {
  id: 7,
  userId: 3,
  businessId: 12,
  rating: 4,
  content: 'Wood-fired crust, friendly staff.',
  pros: 'Crust',
  cons: 'Noise',
  photos: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  editedAt: null,
  businessName: 'Luigi Trattoria',
  helpfulCount: 2,
  groups: [{ id: 1, name: 'Pizza Critics' }],
  user: { id: 3, name: 'Dana Scully', username: 'dana', avatar: null, isVerified: true },
  hasVoted: false,
};
