export * from './audit-log.js';
export * from './catalogue.js';
export * from './departments.js';
export * from './images.js';
export * from './refresh-tokens.js';
export * from './sign-in-throttle.js';
export * from './stock.js';
export * from './users.js';
