import type { Unit } from '@cm/contract';
import { Anchor, Group, Switch, Text } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearchInput, pathOptions } from '../../../components/data-table';
import { GENERATED_CATEGORIES, GENERATED_LOCATIONS } from './generated-components';

type FilterProps<Value> = { value: Value | undefined; onChange: (value: Value | undefined) => void };

const CATEGORY_OPTIONS = pathOptions(GENERATED_CATEGORIES);
const LOCATION_OPTIONS = pathOptions(GENERATED_LOCATIONS);
const UNITS: readonly Unit[] = ['pcs', 'm', 'kg', 'l', 'pack', 'reel', 'set'];

/** The search box of the generated list, as the stock screen's; `width` is its width beside the other filters. */
export function SearchFilter({ value, onChange, width }: FilterProps<string> & { width: number }) {
  const { t } = useTranslation('kit-datatables');
  return (
    <ListSearchInput
      value={value}
      onChange={onChange}
      placeholder={t('list.searchPlaceholder')}
      w={{ base: '100%', xs: width }}
    />
  );
}

/** The category filter of the generated list, as the stock screen's. */
export function CategoryFilter({ value, onChange }: FilterProps<string>) {
  const { t } = useTranslation('kit-datatables');
  return (
    <FilterSelect
      label={t('filters.category')}
      anyLabel={t('filters.anyCategory')}
      options={CATEGORY_OPTIONS}
      value={value}
      onChange={onChange}
    />
  );
}

/** The location filter of the generated list, as the stock screen's. */
export function LocationFilter({ value, onChange }: FilterProps<string>) {
  const { t } = useTranslation('kit-datatables');
  return (
    <FilterSelect
      label={t('filters.location')}
      anyLabel={t('filters.anyLocation')}
      options={LOCATION_OPTIONS}
      value={value}
      onChange={onChange}
    />
  );
}

/** The unit filter: a few fixed choices, so not searchable, as the ledger's type filter. */
export function UnitFilter({ value, onChange }: FilterProps<Unit>) {
  const { t } = useTranslation('kit-datatables');
  return (
    <FilterSelect<Unit>
      label={t('filters.unit')}
      anyLabel={t('filters.anyUnit')}
      options={UNITS.map((unit) => ({ value: unit, label: t(`domain:unitNames.${unit}`) }))}
      value={value}
      onChange={onChange}
      searchable={false}
      width={180}
    />
  );
}

/** The "below minimum" filter: on or off, and off leaves it out of the address. */
export function BelowMinimumFilter({ value, onChange }: FilterProps<boolean>) {
  const { t } = useTranslation('kit-datatables');
  return (
    <Switch
      label={t('filters.belowMinimum')}
      checked={value ?? false}
      onChange={(event) => onChange(event.currentTarget.checked || undefined)}
      pb={8}
    />
  );
}

/** A view of the page's list worth trying, as a link: the whole view is in its address. */
export type View = { label: string; search: Record<string, string | number | boolean> };

/** Links to views of the page's list (a filter that matches nothing, a sort), each opening it as a copied link would. */
export function ViewLinks({ views }: { views: readonly View[] }) {
  const { t } = useTranslation('kit-datatables');
  const { pathname } = useLocation();
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('views.try')}
      </Text>
      {views.map((view) => (
        <Anchor
          key={view.label}
          size="sm"
          renderRoot={(props) => <Link to={pathname} search={view.search as never} {...props} />}
        >
          {view.label}
        </Anchor>
      ))}
    </Group>
  );
}
