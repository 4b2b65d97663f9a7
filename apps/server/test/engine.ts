/** Which engine the integration tests run on: PostgreSQL when the project sets TEST_ENGINE=postgres. */
export function testEngine(engine = process.env.TEST_ENGINE): { kind: 'pglite' } | { kind: 'postgres'; url: string } {
  if (engine !== 'postgres') return { kind: 'pglite' };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  return { kind: 'postgres', url };
}
