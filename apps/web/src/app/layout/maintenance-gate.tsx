import { Activity, type ReactNode } from 'react';
import { ErrorPage } from '../../components/error-pages/error-page';
import { MaintenanceBanner } from '../../components/maintenance/maintenance-banner';
import { MaintenanceNotice } from '../../components/maintenance/maintenance-notice';
import { useMaintenanceSettings } from '../../components/maintenance/maintenance-settings';
import { useMaintenanceGate } from './use-maintenance-gate';

/**
 * Shows the maintenance page instead of the screen while the server refuses this user for maintenance, and the screen
 * again once it is over; administrators see the screen under a banner instead. Meanwhile the screen is kept hidden
 * (Activity): its state stays, so what the user was typing when maintenance began is still there when it ends, while
 * its effects stop, so it neither asks the server nor titles the window until it shows again.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { closed, status, administrator } = useMaintenanceGate();
  const settings = useMaintenanceSettings();
  return (
    <>
      {closed ? (
        <ErrorPage kind="maintenance">
          <MaintenanceNotice status={status} />
        </ErrorPage>
      ) : null}
      {!closed && administrator && status?.active ? (
        <MaintenanceBanner status={status} onManage={settings.open} />
      ) : null}
      <Activity mode={closed ? 'hidden' : 'visible'}>{children}</Activity>
      {administrator ? settings.modal : null}
    </>
  );
}
