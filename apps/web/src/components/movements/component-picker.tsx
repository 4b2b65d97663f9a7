import type { Component } from '@cm/contract';
import { Group, Select, type SelectProps, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentQuery } from '../catalogue/api';
import { SEARCH_DEBOUNCE_MS } from '../data-table';
import { componentSearchQuery } from './api';

/** How a component reads in pickers: "R-10K — Resistor 10 kΩ". */
export function componentLabel(component: Pick<Component, 'sku' | 'name'>): string {
  return `${component.sku} — ${component.name}`;
}

export type ComponentPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable'> & {
  value: string | null;
  onChange: (componentId: string | null) => void;
};

/**
 * A searchable component select that asks the server (GET /components?q=…) as the user types, debounced;
 * the chosen component stays listed whatever the current search.
 */
export function ComponentPicker({ value, onChange, ...props }: ComponentPickerProps) {
  const { t } = useTranslation('movements');
  const [search, setSearch] = useState('');
  const chosen = useQuery({ ...componentQuery(value ?? ''), enabled: Boolean(value) });
  const chosenLabel = chosen.data ? componentLabel(chosen.data.component) : null;
  // Once an option is chosen the box shows its label; that label is not something to search for.
  const typed = search === chosenLabel ? '' : search.trim();
  const [q] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useQuery({ ...componentSearchQuery(q), placeholderData: keepPreviousData });

  const data = useMemo(() => {
    const options = (results.data?.items ?? []).map((component) => ({
      value: component.id,
      label: componentLabel(component),
    }));
    if (value && chosenLabel && !options.some((option) => option.value === value)) {
      options.unshift({ value, label: chosenLabel });
    }
    return options;
  }, [results.data, value, chosenLabel]);

  return (
    <Select
      searchable
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched SKU, name, manufacturer and part number; filtering again by label would hide some.
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? t('picker.searching') : t('picker.nothingFound')}
      placeholder={t('picker.placeholder')}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff="monospace">
            {option.label.split(' — ')[0]}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {option.label.split(' — ').slice(1).join(' — ')}
          </Text>
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      {...props}
    />
  );
}
