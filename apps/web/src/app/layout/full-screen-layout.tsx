// Every component's styles: the first screen loads only its own (main.tsx).
import '@mantine/core/styles.css';
import '../../lib/zod-without-eval';
import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { MaintenanceGate } from './maintenance-gate';
import { useSessionWatch } from './use-session-watch';

/**
 * The signed-in layout of a screen that takes the whole window (the TV board on a wall screen): no header, menu or
 * footer, the same watch on the session and the same maintenance page as the app's layout.
 */
export function FullScreenLayout() {
  useSessionWatch();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <MaintenanceGate>
        <Outlet />
      </MaintenanceGate>
    </Box>
  );
}
