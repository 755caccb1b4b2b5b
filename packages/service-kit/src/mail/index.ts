export * from './mailer';
export * from './queue';
export * from './templates';
