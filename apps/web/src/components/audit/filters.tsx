import {
  AUDIT_ACTION_GROUP_WORDS,
  AUDIT_ACTIONS,
  AuditActionGroup,
  type AuditPeople,
  auditActionWord,
  type Locale,
} from '@cm/contract';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * People as a picker offers them: by name, with the e-mail where two share a name, so that each option says whom
 * it means.
 */
export function personOptions(people: AuditPeople['items']): { value: string; label: string }[] {
  const counts = new Map<string, number>();
  for (const person of people) counts.set(person.name, (counts.get(person.name) ?? 0) + 1);
  return people.map((person) => ({
    value: person.id,
    label: (counts.get(person.name) ?? 0) > 1 ? `${person.name} (${person.email})` : person.name,
  }));
}

/**
 * The action filter: groups of actions ("Sign-ins and sessions") and single actions, several at once; the list's
 * state holds them comma-separated, as the API takes them.
 */
export function ActionFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation(['audit', 'tables']);
  const locale: Locale = i18n.language === 'ru' ? 'ru' : 'en';
  const chosen = value ? value.split(',').filter(Boolean) : [];
  const data = [
    {
      group: t('filters.groups'),
      items: AuditActionGroup.options.map((group) => ({
        value: group,
        label: AUDIT_ACTION_GROUP_WORDS[group][locale],
      })),
    },
    {
      group: t('filters.actions'),
      items: AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionWord(action, locale) })),
    },
  ];
  return (
    <MultiSelect
      label={t('filters.action')}
      placeholder={chosen.length === 0 ? t('filters.anyAction') : undefined}
      data={data}
      value={chosen}
      onChange={(next) => onChange(next.length === 0 ? undefined : next.join(','))}
      // Unsearchable, its chosen actions fill the box without a typing line under them.
      searchable={false}
      clearable
      nothingFoundMessage={t('tables:nothingFound')}
      w={{ base: '100%', xs: 320 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
