import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The localized message for a failed request, chosen by the problem's stable code. `quantity` formats the
 * quantity a problem reports (INSUFFICIENT_STOCK's available stock) in the unit of what was posted, as the
 * screen shows every other quantity; without it the number is shown as the server sent it.
 */
export function errorMessage(t: TFunction, error: unknown, quantity?: (value: string) => string): string {
  if (error instanceof ApiError) {
    const available = error.problem?.available;
    // A code newer than this client's catalogue still gets a sentence, not the raw code.
    return t(`errors:${error.code}`, {
      count: error.problem?.retryAfterSeconds ?? error.problem?.members ?? 0,
      available: available !== undefined && quantity ? quantity(available) : (available ?? ''),
      defaultValue: t('errors:INTERNAL_ERROR'),
    });
  }
  return t('errors:INTERNAL_ERROR');
}
