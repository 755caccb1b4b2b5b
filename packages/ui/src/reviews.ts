/**
 * `@trustcircle/ui/reviews`: reviews and the people who write them (cards, lists, filters,
 * replies, follow buttons). A Module Federation singleton of its own, apart from the rest of
 * `@trustcircle/ui`, because a shared module is loaded whole: the pages that show no review
 * (the landing, /explore, the forms) start without these. They reach the rest of the package
 * only through `@trustcircle/ui`, never a relative path, so that both entries use the one
 * instance of its contexts and router.
 */
export * from './review-card';
export * from './review-reply';
export * from './review-delete';
export * from './review-list';
export * from './review-filters';
export * from './review-view';
export * from './paged-reviews';
export * from './photo-grid';
export * from './people';
