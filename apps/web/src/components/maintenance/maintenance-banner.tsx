import type { MaintenanceStatus } from '@cm/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';

/**
 * What administrators see above every screen while maintenance mode is on: they keep working, everyone else meets the
 * maintenance page. `onManage` adds the button that opens the settings.
 */
export function MaintenanceBanner({ status, onManage }: { status: MaintenanceStatus; onManage?: () => void }) {
  const { t } = useTranslation('maintenance');
  const format = useFormatters();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconBarrierBlock size={18} />}
      title={t('banner.title')}
      // Orange letters on the light variant's orange fall short of the contrast text needs; the sign keeps the colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      mb="md"
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <Text size="sm">{t('banner.text')}</Text>
          {status.expectedEnd ? (
            <Text size="sm" fw={500}>
              {t('banner.expectedEnd', { time: format.dateTime(status.expectedEnd) })}
            </Text>
          ) : null}
        </div>
        {onManage ? (
          <Button size="xs" variant="default" onClick={onManage}>
            {t('banner.manage')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
