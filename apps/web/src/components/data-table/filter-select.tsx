import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type FilterSelectProps<Value extends string = string> = {
  label: string;
  /** The placeholder while nothing is chosen, e.g. "Any location". */
  anyLabel: string;
  options: { value: Value; label: string }[];
  /** The filter as the list state holds it: undefined when not filtering. */
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
  searchable?: boolean;
  /** Width from the `xs` breakpoint up; narrower screens give the filter the whole row. */
  width?: number;
};

/**
 * A list filter: a clearable select above the list whose empty value means "any". Converts between the
 * list state's `undefined` and Mantine's `null`.
 */
export function FilterSelect<Value extends string = string>({
  label,
  anyLabel,
  options,
  value,
  onChange,
  searchable = true,
  width = 220,
}: FilterSelectProps<Value>) {
  const { t } = useTranslation('tables');
  return (
    <Select<Value>
      label={label}
      placeholder={anyLabel}
      data={options}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      clearable
      searchable={searchable}
      nothingFoundMessage={t('tables:nothingFound')}
      w={{ base: '100%', xs: width }}
      // The options are rendered when the list opens, not with the page: a filter over places or categories kept
      // dozens of hidden options, laid out with the first render of every list screen.
      comboboxProps={{ withinPortal: true, keepMounted: false }}
    />
  );
}

/** Options of a filter over places or categories: each by its path ("Main / Shelf A"), sorted by path. */
export function pathOptions(items: readonly { id: string; path: string }[]): { value: string; label: string }[] {
  return [...items].sort((a, b) => a.path.localeCompare(b.path)).map((item) => ({ value: item.id, label: item.path }));
}
