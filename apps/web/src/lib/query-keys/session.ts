/**
 * The keys of the server-state cache, one factory per resource in this folder (ADR 0026). A key starts with
 * its resource's name, so invalidating `<resource>Keys.all` refreshes everything read from it. One module
 * per resource, so that a screen's bundle holds only the factories it uses (the sign-in page has a budget).
 */
export const sessionKeys = {
  all: ['auth'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
  devMode: () => [...sessionKeys.all, 'dev-mode'] as const,
};
