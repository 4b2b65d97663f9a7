import type { AmoCrmUser } from '@cm/contract';
import type { TFunction } from 'i18next';

/** How the screen names an amoCRM user in labels and messages, whatever amoCRM gave of it. */
export function amoUserName(t: TFunction, user: AmoCrmUser): string {
  return user.name ?? user.email ?? t('amocrmUsers.amoUserId', { id: user.amoUserId });
}
