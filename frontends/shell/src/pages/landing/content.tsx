import { CheckBadgeIcon, ShieldIcon, TrendingIcon, UsersIcon } from '@trustcircle/ui';

/** The landing page's fixed content: figures, features, sample communities, testimonials. */
export const STATS = [
  { value: '4.8/5', label: 'Average rating' },
  { value: '10,000+', label: 'Members' },
  { value: '50,000+', label: 'Reviews' },
  { value: '500+', label: 'Communities' },
];

export const FEATURES = [
  {
    icon: <UsersIcon size={24} />,
    title: 'Community groups',
    text: 'Join circles of people who share your interests, from foodies to parents to gadget lovers.',
  },
  {
    icon: <ShieldIcon size={24} />,
    title: 'Trust scores',
    text: 'Every business gets a global trust score plus a score from each community that reviewed it.',
  },
  {
    icon: <CheckBadgeIcon size={24} />,
    title: 'Verified reviewers',
    text: 'Verified members earn a badge, and their reviews are prioritized and weigh more.',
  },
  {
    icon: <TrendingIcon size={24} />,
    title: 'Helpful votes',
    text: 'Members vote the most useful reviews up, so the best advice rises to the top.',
  },
];

export const SAMPLE_COMMUNITIES = [
  {
    name: 'Foodies United',
    members: '2,340 members',
    text: 'Restaurants, cafés and street food worth the trip.',
    colour: 'tc-tile-teal',
  },
  {
    name: 'Tech Enthusiasts',
    members: '1,870 members',
    text: 'Honest takes on gadgets, repair shops and electronics stores.',
    colour: 'tc-tile-indigo',
  },
  {
    name: 'Parents Network',
    members: '3,120 members',
    text: 'Family-friendly places, schools and services parents rely on.',
    colour: 'tc-tile-amber',
  },
  {
    name: 'Home Improvers',
    members: '1,290 members',
    text: 'Builders, plumbers and stores recommended by fellow DIYers.',
    colour: 'tc-tile-rose',
  },
];

export const TESTIMONIALS = [
  {
    name: 'Sarah Johnson',
    role: 'Member of Foodies United',
    rating: 5,
    text: 'I finally trust the reviews I read. Seeing what my food community thinks makes picking a restaurant easy.',
  },
  {
    name: 'Michael Chen',
    role: 'Member of Tech Enthusiasts',
    rating: 4.5,
    text: 'The per-community trust scores are brilliant. A shop can be great for gamers and average for everyone else.',
  },
  {
    name: 'Emma Rodriguez',
    role: 'Verified Reviewer',
    rating: 5,
    text: 'Becoming a verified reviewer took a minute, and I love that my reviews help my neighbours.',
  },
];
