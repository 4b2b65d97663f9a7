import type { Role } from '@cm/contract';

export type MovementKind = 'receipt' | 'issue' | 'transfer' | 'adjustment';

/** Postings a role may make (PRODUCT.md §2): managers none, workers all but adjustments, administrators all. */
export function movementKindsFor(role: Role | undefined): MovementKind[] {
  if (role === 'administrator') return ['receipt', 'issue', 'transfer', 'adjustment'];
  if (role === 'worker') return ['receipt', 'issue', 'transfer'];
  return [];
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
