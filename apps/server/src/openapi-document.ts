import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The committed OpenAPI document: clients and reviewers read it; a test fails when it drifts from the code. */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../openapi.json');

export async function renderOpenapi(app: FastifyInstance): Promise<string> {
  await app.ready();
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}

export function readCommittedOpenapi(): string {
  return readFileSync(OPENAPI_FILE, 'utf8');
}

export function writeCommittedOpenapi(document: string): void {
  writeFileSync(OPENAPI_FILE, document);
}
