import { type MaintenanceChange, MaintenanceSettings, MaintenanceStatus } from '@cm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { maintenanceKeys } from '../../lib/query-keys/maintenance';

/**
 * Whether maintenance mode is on, with its message and expected end. Open to everyone while it is on: the page that
 * a refused user sees reads it to learn when maintenance is over.
 */
export const maintenanceStatusQuery = queryOptions({
  queryKey: maintenanceKeys.status(),
  queryFn: ({ signal }) => api('/maintenance', MaintenanceStatus, { signal }),
});

/** The settings as saved, for administrators. */
export const maintenanceSettingsQuery = queryOptions({
  queryKey: maintenanceKeys.settings(),
  queryFn: ({ signal }) => api('/maintenance/settings', MaintenanceSettings, { signal }),
});

/** Saves the settings; the status everyone reads follows them at once. */
export function useChangeMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MaintenanceChange) =>
      api('/maintenance/settings', MaintenanceSettings, { method: 'PUT', body: change }),
    onSuccess: (settings) => {
      queryClient.setQueryData(maintenanceKeys.settings(), settings);
      return queryClient.invalidateQueries({ queryKey: maintenanceKeys.status() });
    },
  });
}
