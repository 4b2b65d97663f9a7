export const appInfoKeys = { all: ['app-info'] as const };
