/** Maintenance mode: its status as everyone reads it, and its settings as administrators edit them. */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  status: () => [...maintenanceKeys.all, 'status'] as const,
  settings: () => [...maintenanceKeys.all, 'settings'] as const,
};
