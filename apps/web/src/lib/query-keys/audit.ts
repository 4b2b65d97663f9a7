import type { AuditListQuery } from '@cm/contract';

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditListQuery) => [...auditKeys.all, 'list', query] as const,
  people: () => [...auditKeys.all, 'people'] as const,
};
