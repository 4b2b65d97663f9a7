import {
  type AuditChange,
  type AuditEntry,
  auditActionWord,
  auditDetailText,
  auditFieldWord,
  auditValueText,
  isCreation,
  type Locale,
} from '@cm/contract';
import { Stack, Text, VisuallyHidden } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeText, DateTimeText } from '../data-table';

/** Nobody, or no department: a dash, said in words to a screen reader. */
function Nobody({ label }: { label: string }) {
  return (
    <>
      <Text span c="dimmed" aria-hidden>
        —
      </Text>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}

/**
 * One change as "Role: Worker → Manager"; a value before that was never recorded says so, and what an action
 * created has only its value ("Role: Manager").
 */
function ChangeLine({ change, created, locale }: { change: AuditChange; created: boolean; locale: Locale }) {
  const { t } = useTranslation('audit');
  const after = auditValueText(change.field, change.after, locale);
  return (
    <Text size="sm">
      <Text span fw={500}>
        {auditFieldWord(change.field, locale)}:
      </Text>{' '}
      {change.field === 'password' || created ? (
        after
      ) : (
        <>
          {change.beforeKnown ? (
            <Text span c="dimmed">
              {auditValueText(change.field, change.before, locale)}
            </Text>
          ) : (
            <Text span c="dimmed" fs="italic">
              {t('notRecorded')}
            </Text>
          )}
          {' → '}
          {after}
        </>
      )}
    </Text>
  );
}

/** What an entry changed, before → after, with whatever else it recorded under it. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === 'ru' ? 'ru' : 'en';
  const details = Object.entries(entry.details);
  if (entry.changes.length === 0 && details.length === 0) return <Nobody label="" />;
  return (
    <Stack gap={2} style={{ wordBreak: 'break-word' }}>
      {entry.changes.map((change) => (
        <ChangeLine key={change.field} change={change} created={isCreation(entry.action)} locale={locale} />
      ))}
      {details.map(([key, value]) => (
        <Text key={key} size="xs" c="dimmed">
          {auditDetailText(key, value, locale)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The columns of an audit trail, the company's or a user's: when, who, what, to whom, where from, and each change
 * before → after. An action this client does not know (a newer server's) shows its code.
 */
export function useAuditColumns(): DataTableColumn<AuditEntry>[] {
  const { t, i18n } = useTranslation('audit');
  const locale: Locale = i18n.language === 'ru' ? 'ru' : 'en';
  return useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        accessor: 'at',
        title: t('columns.time'),
        toggleable: false,
        render: (entry) => <DateTimeText iso={entry.at} />,
      },
      {
        accessor: 'actor',
        title: t('columns.actor'),
        render: (entry) => (entry.actor ? entry.actor.name : <Nobody label={t('nobody')} />),
      },
      {
        accessor: 'action',
        title: t('columns.action'),
        toggleable: false,
        render: (entry) => (
          <Text size="sm" fw={500}>
            {auditActionWord(entry.action, locale)}
          </Text>
        ),
      },
      {
        accessor: 'target',
        title: t('columns.target'),
        render: (entry) => (entry.target ? entry.target.name : <Nobody label="" />),
      },
      {
        accessor: 'department',
        title: t('columns.department'),
        defaultToggle: false,
        render: (entry) => (entry.department ? entry.department.name : <Nobody label="" />),
      },
      {
        accessor: 'ip',
        title: t('columns.address'),
        render: (entry) => (entry.ip ? <CodeText>{entry.ip}</CodeText> : <Nobody label="" />),
      },
      {
        accessor: 'changes',
        title: t('columns.changes'),
        width: '34%',
        render: (entry) => <AuditChanges entry={entry} />,
      },
    ],
    [t, locale],
  );
}
