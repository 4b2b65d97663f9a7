export * from './amounts';
export * from './formatters';
export * from './months';
export * from './typed-state';
