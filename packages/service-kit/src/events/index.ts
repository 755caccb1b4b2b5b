export * from './backoff';
export * from './consumer';
export * from './context';
export * from './migrations';
export * from './naming';
export * from './outbox';
export * from './relay';
export * from './streams';
