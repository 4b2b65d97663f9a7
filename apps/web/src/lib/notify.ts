import { type NotificationData, notifications } from '@mantine/notifications';
import i18next from 'i18next';

/**
 * Shows a notification whose close button is named in the interface's language: Mantine gives that button no name of
 * its own. The one way screens notify.
 */
export function notify(notification: NotificationData): string {
  return notifications.show({ closeButtonProps: { 'aria-label': i18next.t('common:close') }, ...notification });
}
