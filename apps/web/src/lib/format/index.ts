export * from './amounts';
export * from './formatters';
