export * from './common';
export * from './errors';
export * from './events';
export * from './users';
export * from './catalog';
export * from './communities';
export * from './reviews';
export * from './api';
