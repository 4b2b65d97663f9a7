import type { ThemeSetting } from '@cm/contract';
import { Loader, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '../../../components/forms/segmented-choice';
import { KitExample, KitPage } from '../kit-page';

/** A list's filters that are on or off, as Stock has them under its other filters. */
function StockFilters() {
  const { t } = useTranslation('stock');
  const [belowMinimum, setBelowMinimum] = useState(false);
  const [includeEmpty, setIncludeEmpty] = useState(true);
  return (
    <Stack gap={6} pb={2}>
      <Switch
        label={t('filters.belowMinimum')}
        checked={belowMinimum}
        onChange={(event) => setBelowMinimum(event.currentTarget.checked)}
      />
      <Switch
        label={t('filters.includeEmpty')}
        checked={includeEmpty}
        onChange={(event) => setIncludeEmpty(event.currentTarget.checked)}
      />
    </Stack>
  );
}

/**
 * A setting that takes effect as it is switched, as the security policy on Users: its consequence under it, and a
 * spinner in the thumb while the change is being saved (`saving`, shown here as it looks, nothing being sent).
 */
function Policy({ saving = false, disabled = false }: { saving?: boolean; disabled?: boolean }) {
  const { t } = useTranslation('users');
  const [required, setRequired] = useState(saving);
  return (
    <Switch
      label={t('policy.requireForAdministrators')}
      description={t('policy.description')}
      checked={required}
      onChange={(event) => setRequired(event.currentTarget.checked)}
      aria-busy={saving}
      readOnly={saving}
      thumbIcon={saving ? <Loader size={10} color="gray" /> : undefined}
      disabled={disabled}
    />
  );
}

/** One of a few options side by side, as the profile's theme. */
function ThemeChoice() {
  const { t } = useTranslation('profile');
  const [theme, setTheme] = useState<ThemeSetting>('system');
  return (
    <SegmentedChoice<ThemeSetting>
      label={t('settings.theme')}
      value={theme}
      options={[
        { value: 'light', label: t('settings.themes.light') },
        { value: 'dark', label: t('settings.themes.dark') },
        { value: 'system', label: t('settings.themes.system') },
      ]}
      onChange={setTheme}
    />
  );
}

/** Switches, and the segmented choice the product uses where a switch would have more than two positions. */
export default function SwitchesPage() {
  const { t } = useTranslation('kit-forms');
  return (
    <KitPage group="forms" label="switches" sources={['@mantine/core Switch', 'components/forms/segmented-choice.tsx']}>
      <KitExample title={t('switches.examples.filters')}>
        <StockFilters />
      </KitExample>
      <KitExample title={t('switches.examples.setting')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Policy />
          <Policy saving />
        </SimpleGrid>
      </KitExample>
      <KitExample title={t('switches.examples.segmented')}>
        <ThemeChoice />
      </KitExample>
      <KitExample title={t('switches.examples.disabled')}>
        <Policy disabled />
      </KitExample>
      <KitExample title={t('switches.examples.narrow')} narrow>
        <Stack gap="md">
          <StockFilters />
          <Policy />
          <ThemeChoice />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
