import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { NotificationData } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArchive,
  IconCircleCheck,
  IconInfoCircle,
  type TablerIcon,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLoadFailed } from '../../../components/load-failed';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

type AlertKind = 'failure' | 'attention' | 'incomplete' | 'information' | 'success' | 'neutral';

/**
 * Each kind of alert as the screens draw it. A failure and a blocking warning are announced (`role="alert"`), a result
 * is said politely (`status`); an alert that is part of the screen's content says nothing on its own.
 */
const ALERT_LOOKS: Record<AlertKind, { color: string; icon: TablerIcon; role?: 'alert' | 'status' }> = {
  failure: { color: 'red', icon: IconAlertTriangle, role: 'alert' },
  attention: { color: 'orange', icon: IconAlertTriangle },
  incomplete: { color: 'yellow', icon: IconAlertTriangle },
  information: { color: 'blue', icon: IconInfoCircle },
  success: { color: 'green', icon: IconCircleCheck, role: 'status' },
  neutral: { color: 'gray', icon: IconArchive },
};

const ALERT_KINDS = Object.keys(ALERT_LOOKS) as AlertKind[];

/** The failure every screen can meet: the server out of reach. */
const UNREACHABLE = new ApiError(0, 'NETWORK_ERROR');

function KindAlert({ kind, t, withTitle = false }: { kind: AlertKind; t: TFunction; withTitle?: boolean }) {
  const { color, icon: Icon, role } = ALERT_LOOKS[kind];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={18} />}
      role={role}
      title={withTitle ? t(`alerts.kinds.${kind}.title`) : undefined}
    >
      {t(`alerts.kinds.${kind}.message`)}
    </Alert>
  );
}

/** What each button of the notifications example shows, in the product's colours: `notify` is the one way. */
function notification(kind: 'saved' | 'savedTitled' | 'information' | 'failure' | 'long', t: TFunction) {
  const notifications: Record<typeof kind, NotificationData> = {
    saved: { color: 'green', message: t('alerts.notifications.saved.message') },
    savedTitled: {
      color: 'green',
      title: t('alerts.notifications.savedTitled.title'),
      message: t('alerts.notifications.savedTitled.message'),
    },
    information: { color: 'blue', message: t('alerts.notifications.information.message') },
    failure: {
      color: 'red',
      title: t('alerts.notifications.failure.title'),
      message: errorMessage(t, UNREACHABLE),
    },
    long: { color: 'green', message: t('alerts.notifications.long.message') },
  };
  return notifications[kind];
}

const NOTIFICATION_KINDS = ['saved', 'savedTitled', 'information', 'failure', 'long'] as const;

/** The kit's alerts: the kinds the screens use, inline load failures, and the notifications `notify` shows. */
export default function AlertsPage() {
  const { t } = useTranslation(['kit-elements', 'errors']);
  const [retries, setRetries] = useState(0);
  return (
    <KitPage group="elements" label="alerts" sources={['@mantine/core Alert', 'components/load-failed', 'lib/notify']}>
      <KitExample title={t('alerts.examples.kinds')}>
        <Stack gap="sm">
          {ALERT_KINDS.map((kind) => (
            <KindAlert key={kind} kind={kind} t={t} />
          ))}
        </Stack>
      </KitExample>
      <KitExample title={t('alerts.examples.titled')}>
        <Stack gap="sm">
          <KindAlert kind="failure" t={t} withTitle />
          <KindAlert kind="information" t={t} withTitle />
        </Stack>
      </KitExample>
      <KitExample title={t('alerts.examples.loadFailed')}>
        <Stack gap="xs">
          <InlineLoadFailed error={UNREACHABLE} onRetry={() => setRetries((count) => count + 1)} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('alerts.retried', { count: retries })}
          </Text>
        </Stack>
      </KitExample>
      <KitExample title={t('alerts.examples.notifications')}>
        <Group gap="sm">
          {NOTIFICATION_KINDS.map((kind) => (
            <Button key={kind} variant="default" onClick={() => notify(notification(kind, t))}>
              {t(`alerts.notifications.${kind}.button`)}
            </Button>
          ))}
        </Group>
      </KitExample>
      <KitExample title={t('states.longText')}>
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={t('alerts.long.title')}
        >
          {t('alerts.long.message')}
        </Alert>
      </KitExample>
      <RussianExample>
        {(russian) => (
          <Stack gap="sm">
            <KindAlert kind="failure" t={russian} withTitle />
            <KindAlert kind="attention" t={russian} />
          </Stack>
        )}
      </RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <Stack gap="sm">
          <KindAlert kind="incomplete" t={t} />
          <InlineLoadFailed error={UNREACHABLE} onRetry={() => setRetries((count) => count + 1)} />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
