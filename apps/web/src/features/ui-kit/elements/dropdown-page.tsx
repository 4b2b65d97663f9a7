import { ActionIcon, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconDotsVertical, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu, FilterSelect, pathOptions } from '../../../components/data-table';
import { locationsQuery } from '../../../components/locations/api';
import { MOVEMENT_KIND_ICONS } from '../../../components/movements/display';
import type { MovementKind } from '../../../components/movements/permissions';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

const KINDS: readonly MovementKind[] = ['receipt', 'issue', 'transfer', 'adjustment'];

/**
 * A row's actions behind one button, as the stock list has them: named after its row, opened by Enter or Space, and
 * each item reached with the arrow keys. An action that cannot apply to the row stays in the list, disabled.
 */
function RowActionsMenu({
  t,
  empty,
  onChoose,
  lang,
}: {
  t: TFunction;
  empty: boolean;
  onChoose: (kind: MovementKind) => void;
  /** The language of its items when it is not the page's: the dropdown opens outside the example. */
  lang?: string;
}) {
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('dropdown.rowActions', { sku: 'RES-0603-10K' })}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown lang={lang}>
        {KINDS.map((kind) => (
          <Menu.Item
            key={kind}
            leftSection={MOVEMENT_KIND_ICONS[kind]}
            disabled={empty && (kind === 'issue' || kind === 'transfer')}
            onClick={() => onChoose(kind)}
          >
            {t(`dropdown.kinds.${kind}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The category filter of a department without categories yet: the list opens on its "nothing found". */
function EmptyCategoryFilter() {
  const { t } = useTranslation('kit-elements');
  const [category, setCategory] = useState<string | undefined>();
  return (
    <FilterSelect
      label={t('dropdown.category')}
      anyLabel={t('dropdown.anyCategory')}
      options={[]}
      value={category}
      onChange={setCategory}
    />
  );
}

function LocationFilter({ width }: { width?: number }) {
  const { t } = useTranslation('kit-elements');
  const locations = useQuery(locationsQuery);
  const [location, setLocation] = useState<string | undefined>();
  return (
    <FilterSelect
      label={t('dropdown.location')}
      anyLabel={t('dropdown.anyLocation')}
      options={pathOptions(locations.data?.items ?? [])}
      value={location}
      onChange={setLocation}
      width={width}
    />
  );
}

/** The kit's dropdowns: menus of actions and the list filters' select. */
export default function DropdownPage() {
  const { t } = useTranslation('kit-elements');
  const [chosen, setChosen] = useState<MovementKind | null>(null);
  return (
    <KitPage
      group="elements"
      label="dropdown"
      sources={[
        'components/data-table (ExportMenu, FilterSelect)',
        'components/movements/display',
        '@mantine/core Menu',
      ]}
    >
      <KitExample title={t('dropdown.examples.export')}>
        <ExportMenu path="/components/export" filters={{}} />
      </KitExample>
      <KitExample title={t('dropdown.examples.rowActions')}>
        <Group gap="md">
          <RowActionsMenu t={t} empty={false} onChoose={setChosen} />
          <RowActionsMenu t={t} empty onChoose={setChosen} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {chosen ? t('dropdown.chosen', { action: t(`dropdown.kinds.${chosen}`) }) : t('dropdown.noneChosen')}
          </Text>
        </Group>
      </KitExample>
      <KitExample title={t('states.disabled')}>
        {/* As a report's export while the report cannot be built: the button says why on hover. */}
        <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false} disabled>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              rightSection={<IconChevronDown size={14} />}
              disabled
              title={t('dropdown.unavailable')}
            >
              {t('dropdown.export')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>{t('dropdown.export')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </KitExample>
      <KitExample title={t('dropdown.examples.filter')}>
        <Stack gap="xs">
          <LocationFilter />
          <Text size="sm" c="dimmed">
            {t('dropdown.filterNote')}
          </Text>
        </Stack>
      </KitExample>
      <KitExample title={t('states.empty')}>
        <EmptyCategoryFilter />
      </KitExample>
      <RussianExample>
        {(russian) => (
          <Group gap="md">
            <RowActionsMenu t={russian} empty={false} onChoose={setChosen} lang="ru" />
          </Group>
        )}
      </RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <LocationFilter width={320} />
      </KitExample>
    </KitPage>
  );
}
