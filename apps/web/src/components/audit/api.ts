import { AuditList, type AuditListQuery, AuditPeople } from '@cm/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { auditKeys } from '../../lib/query-keys/audit';
import { toQueryString } from '../data-table';

/**
 * One page of the audit trail with the given filters. Read again whenever a screen shows it: an entry is written
 * by every sign-in and change, wherever it happens.
 */
export const auditListQuery = (query: AuditListQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => api(`/audit?${toQueryString(query)}`, AuditList, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every user, deactivated ones too, for the trail's pickers. */
export const auditPeopleQuery = queryOptions({
  queryKey: auditKeys.people(),
  queryFn: ({ signal }) => api('/audit/people', AuditPeople, { signal }),
  staleTime: 60_000,
});
