export * from './audit-log.js';
export * from './departments.js';
export * from './refresh-tokens.js';
export * from './sign-in-throttle.js';
export * from './users.js';
