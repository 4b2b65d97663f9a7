import { Stack, Tabs, Title } from '@mantine/core';
import {
  IconCalendarCheck,
  IconCoins,
  IconFileImport,
  IconPlugConnected,
  IconTargetArrow,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useListSearch } from '../../components/data-table';
import { LeaveTabsWithoutSaving, type LeaveTexts } from '../../components/forms/leave-without-saving';
import { UnsavedMark } from '../../components/forms/unsaved-mark';
import { usePageTitle } from '../../components/use-page-title';
import { AmoCrmUsersTab } from './amocrm-users-tab';
import { BonusSchemesTab } from './bonus-schemes-tab';
import { ConnectionTab } from './connection-tab';
import { MonthsTab } from './months-tab';
import { PlansTab } from './plans-tab';
import { SalesImportPanel } from './sales-import/sales-import-panel';

const TABS = ['connection', 'amocrm-users', 'plans', 'bonus-schemes', 'months', 'import'] as const;
type Tab = (typeof TABS)[number];

const TAB_ICONS: Record<Tab, ReactNode> = {
  connection: <IconPlugConnected size={16} />,
  'amocrm-users': <IconUsers size={16} />,
  plans: <IconTargetArrow size={16} />,
  'bonus-schemes': <IconCoins size={16} />,
  months: <IconCalendarCheck size={16} />,
  import: <IconFileImport size={16} />,
};

/** The open tab lives in the URL (`?tab=plans`), so a link or a reload opens the same one. */
const SettingsSearch = z.object({ tab: z.enum(TABS).default('connection') });

/**
 * Sales settings (PRODUCT.md §5, administrators): the amoCRM connection and sync, the account's users matched
 * to managers, the monthly plans, the bonus schemes, month closing, and leads and activity from files for
 * companies without amoCRM. The form tabs report unsaved changes; leaving the screen with any asks first.
 * Switching tabs keeps them.
 */
export default function SalesSettingsPage() {
  const { t } = useTranslation(['sales-settings', 'common']);
  const title = t('common:nav.settings');
  usePageTitle(title);
  const [search, update] = useListSearch(SettingsSearch);
  const [dirtyTabs, setDirtyTabs] = useState<Record<Tab, boolean>>({
    connection: false,
    // Links and new managers are saved as they are made: nothing waits for Save.
    'amocrm-users': false,
    plans: false,
    'bonus-schemes': false,
    // A month is closed or reopened at once: nothing waits for Save.
    months: false,
    // An import is committed or abandoned in one go: it holds nothing to lose.
    import: false,
  });
  const dirtyRef = useRef(dirtyTabs);
  dirtyRef.current = dirtyTabs;
  const anyDirty = () => TABS.some((tab) => dirtyRef.current[tab]);

  const reportDirty = useCallback((tab: Tab, dirty: boolean) => {
    setDirtyTabs((current) => (current[tab] === dirty ? current : { ...current, [tab]: dirty }));
  }, []);
  const connectionDirty = useCallback((dirty: boolean) => reportDirty('connection', dirty), [reportDirty]);
  const plansDirty = useCallback((dirty: boolean) => reportDirty('plans', dirty), [reportDirty]);
  const bonusSchemesDirty = useCallback((dirty: boolean) => reportDirty('bonus-schemes', dirty), [reportDirty]);

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {/* Tabs a little narrower than Mantine's own, so that the five fit on one line beside the menu in Russian too. */}
      <Tabs
        value={search.tab}
        onChange={(tab) => tab && update({ tab: tab as Tab })}
        styles={{ tab: { paddingInline: 'var(--mantine-spacing-sm)' } }}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              leftSection={TAB_ICONS[tab]}
              rightSection={dirtyTabs[tab] ? <UnsavedMark label={t('unsavedMark')} /> : null}
            >
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="connection" pt="md">
          <ConnectionTab onDirtyChange={connectionDirty} />
        </Tabs.Panel>
        <Tabs.Panel value="amocrm-users" pt="md">
          <AmoCrmUsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="plans" pt="md">
          <PlansTab onDirtyChange={plansDirty} />
        </Tabs.Panel>
        <Tabs.Panel value="bonus-schemes" pt="md">
          <BonusSchemesTab onDirtyChange={bonusSchemesDirty} />
        </Tabs.Panel>
        <Tabs.Panel value="months" pt="md">
          <MonthsTab />
        </Tabs.Panel>
        <Tabs.Panel value="import" pt="md">
          <SalesImportPanel />
        </Tabs.Panel>
      </Tabs>

      <LeaveTabsWithoutSaving dirty={anyDirty} texts={t('leave', { returnObjects: true }) as LeaveTexts} />
    </Stack>
  );
}
