import { Box, Button } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maintenanceStatusQuery } from './api';
import { useMaintenanceSettings } from './maintenance-settings';

/**
 * The maintenance settings' button in a screen's header (the Users screen, beside the security policy), which says
 * when maintenance is on. Narrow screens show its sign alone.
 */
export function MaintenanceButton() {
  const { t } = useTranslation('maintenance');
  const on = useQuery(maintenanceStatusQuery).data?.active === true;
  const settings = useMaintenanceSettings();
  const label = t(on ? 'settings.buttonOn' : 'settings.button');
  return (
    <>
      <Button
        variant={on ? 'light' : 'default'}
        color={on ? 'orange' : undefined}
        aria-label={label}
        aria-haspopup="dialog"
        title={label}
        leftSection={<IconBarrierBlock size={16} />}
        onClick={settings.open}
      >
        <Box component="span" visibleFrom="md">
          {label}
        </Box>
      </Button>
      {settings.modal}
    </>
  );
}
