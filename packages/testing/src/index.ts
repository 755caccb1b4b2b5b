export * from './database';
export * from './env';
export * from './http-client';
export * from './stack';
export * from './events';
export * from './net';
export * from './wait';
export * from './verification-provider';
