export const salesSettingsKeys = {
  all: ['sales-settings'] as const,
  settings: () => [...salesSettingsKeys.all, 'settings'] as const,
  /** What is read from amoCRM itself: pipelines, lead fields and users change with the connection. */
  amocrm: () => [...salesSettingsKeys.all, 'amocrm'] as const,
  pipelines: (live: boolean) => [...salesSettingsKeys.amocrm(), 'pipelines', live] as const,
  leadFields: () => [...salesSettingsKeys.amocrm(), 'lead-fields'] as const,
  /** The account's users beside the managers here: a link or a new manager changes the managers' side. */
  amocrmUsers: () => [...salesSettingsKeys.amocrm(), 'users'] as const,
  runs: () => [...salesSettingsKeys.all, 'runs'] as const,
  runList: (page: number, pageSize: number) => [...salesSettingsKeys.runs(), 'list', page, pageSize] as const,
  run: (id: string) => [...salesSettingsKeys.runs(), 'one', id] as const,
  plans: () => [...salesSettingsKeys.all, 'plans'] as const,
  planGrid: (year: number) => [...salesSettingsKeys.plans(), year] as const,
};
