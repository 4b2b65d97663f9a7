import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** The localized message for a failed request, chosen by the problem's stable code. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    // A code newer than this client's catalogue still gets a sentence, not the raw code.
    return t(`errors:${error.code}`, {
      count: error.problem?.retryAfterSeconds ?? 0,
      available: error.problem?.available ?? '',
      defaultValue: t('errors:INTERNAL_ERROR'),
    });
  }
  return t('errors:INTERNAL_ERROR');
}
