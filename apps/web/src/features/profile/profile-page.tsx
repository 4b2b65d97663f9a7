import { Stack, Tabs, Title } from '@mantine/core';
import { IconAward, IconId, IconSettings, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useListSearch } from '../../components/data-table';
import { LeaveTabsWithoutSaving, type LeaveTexts } from '../../components/forms/leave-without-saving';
import { UnsavedMark } from '../../components/forms/unsaved-mark';
import { usePageTitle } from '../../components/use-page-title';
import { currentUserQuery } from '../../lib/current-user';
import { AwardsTab } from './awards-tab';
import { ColleaguesTab } from './colleagues-tab';
import { InfoTab } from './info-tab';
import { SecurityTab } from './security-tab';
import { SettingsTab } from './settings-tab';

const TABS = ['info', 'settings', 'awards', 'users', 'security'] as const;
type Tab = (typeof TABS)[number];

const TAB_ICONS: Record<Tab, ReactNode> = {
  info: <IconId size={16} />,
  settings: <IconSettings size={16} />,
  awards: <IconAward size={16} />,
  users: <IconUsers size={16} />,
  security: <IconShieldLock size={16} />,
};

/** The open tab lives in the URL (`?tab=settings`), so a link or a reload opens the same one. */
const ProfileSearch = z.object({ tab: z.enum(TABS).default('info') });

/**
 * The profile (PRODUCT.md §5, everyone, their own account only): who they are, their settings (name, language,
 * theme, password), a manager's awards, the colleagues of the current department, and where the account is signed
 * in (security). Leaving the screen with unsaved settings asks first; switching tabs keeps them.
 */
export default function ProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  const title = t('common:nav.profile');
  usePageTitle(title);
  const { data: user } = useQuery(currentUserQuery);
  const [search, update] = useListSearch(ProfileSearch);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const reportDirty = useCallback((next: boolean) => setDirty(next), []);

  // Restoring the session put the user in the cache before any screen renders.
  if (!user) return null;
  // Awards are reckoned for managers: the tab is theirs alone.
  const tabs = TABS.filter((tab) => tab !== 'awards' || user.role === 'manager');
  const tab = tabs.includes(search.tab) ? search.tab : 'info';

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Tabs value={tab} onChange={(next) => next && update({ tab: next as Tab })}>
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              leftSection={TAB_ICONS[value]}
              rightSection={value === 'settings' && dirty ? <UnsavedMark label={t('unsavedMark')} /> : null}
            >
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <InfoTab user={user} onShowAwards={() => update({ tab: 'awards' })} />
        </Tabs.Panel>
        {/* Kept mounted, so that switching tabs keeps what was typed. */}
        <Tabs.Panel value="settings" pt="md" keepMounted>
          <SettingsTab user={user} onDirtyChange={reportDirty} />
        </Tabs.Panel>
        {user.role === 'manager' && (
          <Tabs.Panel value="awards" pt="md">
            {tab === 'awards' && <AwardsTab user={user} />}
          </Tabs.Panel>
        )}
        <Tabs.Panel value="users" pt="md">
          {tab === 'users' && <ColleaguesTab user={user} />}
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="md">
          {tab === 'security' && <SecurityTab />}
        </Tabs.Panel>
      </Tabs>

      <LeaveTabsWithoutSaving
        dirty={() => dirtyRef.current}
        texts={t('leave', { returnObjects: true }) as LeaveTexts}
      />
    </Stack>
  );
}
