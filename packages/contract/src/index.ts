export * from './status.ts';
export * from './wire.ts';
export * from './constants.ts';
export * from './lines.ts';
export * from './startup.ts';
export * from './rules.ts';
export * from './streaming.ts';
export * from './accounts.ts';
