export * from './api';
export * from './components';
export * from './helpers';
export * from './icons';
export * from './context';
export * from './review-list';
export * from './hero-search';
