/** What the analytics screen asks for: whose figures and over which days (none: the server's current month). */
export type AnalyticsRequest = { managerId?: string | undefined; from?: string | undefined; to?: string | undefined };

/** A page of the successful leads of an analytics request, sorted. */
export type WonLeadsRequest = AnalyticsRequest & {
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const analyticsKeys = {
  all: ['analytics'] as const,
  /** A manager's figures over a period, with the period before, the trend and the lost leads. */
  summary: (request: AnalyticsRequest) =>
    [...analyticsKeys.all, 'summary', request.managerId ?? null, request.from ?? null, request.to ?? null] as const,
  /** A page of a manager's successful leads of a period. */
  wonLeads: (request: WonLeadsRequest) => [...analyticsKeys.all, 'won-leads', request] as const,
};
