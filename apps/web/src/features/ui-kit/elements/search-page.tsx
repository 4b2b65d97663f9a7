import { List, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearchInput } from '../../../components/data-table';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

/** A list narrowed by its search box, as a list screen narrows its rows once the typing pauses. */
function SearchedList({ t, initial }: { t: TFunction; initial?: string }) {
  const [search, setSearch] = useState<string | undefined>(initial);
  const names = t('search.samples', { returnObjects: true }) as string[];
  const needle = search?.toLocaleLowerCase();
  const found = needle ? names.filter((name) => name.toLocaleLowerCase().includes(needle)) : names;
  return (
    <Stack gap="sm">
      <ListSearchInput
        value={search}
        onChange={setSearch}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        w={{ base: '100%', xs: 320 }}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {search ? t('search.found', { count: found.length, search }) : t('search.all', { count: found.length })}
      </Text>
      <List size="sm" spacing={2}>
        {found.map((name) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The kit's search box: the one every list screen has, debounced, with its clear button. */
export default function SearchPage() {
  const { t } = useTranslation('kit-elements');
  const [untouched, setUntouched] = useState<string | undefined>();
  return (
    <KitPage group="elements" label="search" sources={['components/data-table/list-search-input']}>
      <KitExample title={t('search.examples.list')}>
        <SearchedList t={t} />
      </KitExample>
      <KitExample title={t('search.examples.filled')}>
        <SearchedList t={t} initial={t('search.initial')} />
      </KitExample>
      <KitExample title={t('search.examples.defaults')}>
        <ListSearchInput value={untouched} onChange={setUntouched} w={{ base: '100%', xs: 320 }} />
      </KitExample>
      <KitExample title={t('states.disabled')}>
        <ListSearchInput
          value={undefined}
          onChange={setUntouched}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          disabled
          w={{ base: '100%', xs: 320 }}
        />
      </KitExample>
      <RussianExample>{(russian) => <SearchedList t={russian} />}</RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <SearchedList t={t} initial={t('search.initial')} />
      </KitExample>
    </KitPage>
  );
}
