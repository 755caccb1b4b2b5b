// The `@trustcircle/ui/reviews` entry (src/reviews.ts says why it is apart).
export * from './src/reviews';
