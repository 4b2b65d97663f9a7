import type { Role } from '@cm/contract';

export type MovementKind = 'receipt' | 'issue' | 'transfer' | 'adjustment';

const ADMINISTRATOR_KINDS: readonly MovementKind[] = ['receipt', 'issue', 'transfer', 'adjustment'];
const WORKER_KINDS: readonly MovementKind[] = ['receipt', 'issue', 'transfer'];
const NO_KINDS: readonly MovementKind[] = [];

/**
 * Postings a role may make (PRODUCT.md §2): managers none, workers all but adjustments, administrators all.
 * The same list each time, so that what a screen memoises on it (its columns, its rows) stays memoised.
 */
export function movementKindsFor(role: Role | undefined): readonly MovementKind[] {
  if (role === 'administrator') return ADMINISTRATOR_KINDS;
  if (role === 'worker') return WORKER_KINDS;
  return NO_KINDS;
}

/** Only administrators reverse movements. */
export function mayReverse(role: Role | undefined): boolean {
  return role === 'administrator';
}

/** A fresh Idempotency-Key; falls back to random bytes where `crypto.randomUUID` is missing (plain-HTTP hosts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
