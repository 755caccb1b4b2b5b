export * from './browser-security';
export * from './ops';
export * from './shutdown';
export * from './static-files';
export * from './static-server';
