import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Workspace packages are tested from their TypeScript sources, not from a possibly stale build.
const alias = { '@cm/contract': fileURLToPath(new URL('packages/contract/src/index.ts', import.meta.url)) };

function serverProject(engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name: `server:${engine}`,
      root: 'apps/server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      env: { TEST_ENGINE: engine },
      globalSetup: ['test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

// The web's pure modules (money and quantity text) and the contract's arithmetic run in Node: they need no
// browser.
const webProject: TestProjectInlineConfiguration = {
  resolve: { alias },
  test: {
    name: 'web',
    environment: 'node',
    include: ['apps/web/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
  },
};

// The cluster test runs the built server as three processes behind HAProxy on PostgreSQL (tools/cluster, ADR 0049).
const clusterProject: TestProjectInlineConfiguration = {
  test: {
    name: 'cluster',
    include: ['tools/cluster/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
};

// Integration tests run on the embedded engine always, and on PostgreSQL too when TEST_DATABASE_URL is set;
// TEST_ENGINES ("postgres", "pglite,postgres") names them instead. CI runs each engine under one Node.js line
// (.ci/run, ADR 0006).
const engines = (
  process.env.TEST_ENGINES?.split(',') ?? ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])]
).filter((engine): engine is 'pglite' | 'postgres' => engine === 'pglite' || engine === 'postgres');

export default defineConfig({
  test: {
    projects: [webProject, ...engines.map(serverProject), ...(engines.includes('postgres') ? [clusterProject] : [])],
  },
});
