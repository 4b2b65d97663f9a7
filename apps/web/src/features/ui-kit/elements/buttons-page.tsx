import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVEMENT_KIND_ICONS } from '../../../components/movements/display';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

/** How long the example's save takes: long enough to see the button wait. */
const SAVE_MS = 1500;

/** The buttons of a screen's header and of a dialog's footer, as the screens configure them. */
function Kinds({ t }: { t: TFunction }) {
  return (
    <Group gap="sm">
      <Button leftSection={MOVEMENT_KIND_ICONS.receipt}>{t('buttons.labels.receive')}</Button>
      <Button variant="default" leftSection={MOVEMENT_KIND_ICONS.issue}>
        {t('buttons.labels.issue')}
      </Button>
      <Button variant="default">{t('buttons.labels.cancel')}</Button>
      <Button color="red">{t('buttons.labels.delete')}</Button>
      <Button variant="subtle">{t('buttons.labels.currentMonth')}</Button>
      <Button variant="default" size="compact-sm">
        {t('buttons.labels.retry')}
      </Button>
    </Group>
  );
}

/** Row actions: an icon alone, so each is named (aria-label) and says its name on hover and focus. */
function RowActions({ t, disabled = false }: { t: TFunction; disabled?: boolean }) {
  return (
    <Group gap={4}>
      <Tooltip label={t('buttons.labels.edit')} withinPortal>
        <ActionIcon variant="subtle" color="gray" aria-label={t('buttons.labels.edit')} disabled={disabled}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('buttons.labels.delete')} withinPortal>
        <ActionIcon variant="subtle" color="red" aria-label={t('buttons.labels.delete')} disabled={disabled}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The kit's buttons: kinds, icon buttons, waiting, disabled, long and Russian labels, a narrow dialog footer. */
export default function ButtonsPage() {
  const { t } = useTranslation('kit-elements');
  const [saving, setSaving] = useState(false);
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    if (!saving) return;
    const timer = setTimeout(() => {
      setSaving(false);
      setSaves((count) => count + 1);
    }, SAVE_MS);
    return () => clearTimeout(timer);
  }, [saving]);
  return (
    <KitPage
      group="elements"
      label="buttons"
      sources={['@mantine/core Button, ActionIcon', 'components/movements/display']}
    >
      <KitExample title={t('buttons.examples.kinds')}>
        <Kinds t={t} />
      </KitExample>
      <KitExample title={t('buttons.examples.icons')}>
        <Group gap="xl">
          <RowActions t={t} />
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label={t('buttons.labels.previousMonth')}>
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="default" size="lg" aria-label={t('buttons.labels.nextMonth')} disabled>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </KitExample>
      <KitExample title={t('buttons.examples.link')}>
        <Button component={Link} to="/" variant="default">
          {t('buttons.labels.home')}
        </Button>
      </KitExample>
      <KitExample title={t('states.loading')}>
        <Group gap="sm">
          <Button loading={saving} onClick={() => setSaving(true)}>
            {t('buttons.labels.save')}
          </Button>
          <Button variant="default" disabled={saving}>
            {t('buttons.labels.cancel')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} loading>
            {t('buttons.labels.export')}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('buttons.saved', { count: saves })}
          </Text>
        </Group>
      </KitExample>
      <KitExample title={t('states.disabled')}>
        <Group gap="sm">
          <Button leftSection={<IconPlus size={16} />} disabled>
            {t('buttons.labels.add')}
          </Button>
          <Button variant="default" disabled>
            {t('buttons.labels.cancel')}
          </Button>
          <RowActions t={t} disabled />
        </Group>
      </KitExample>
      <KitExample title={t('states.longText')}>
        <Button variant="default" leftSection={MOVEMENT_KIND_ICONS.adjustment}>
          {t('buttons.labels.long')}
        </Button>
      </KitExample>
      <RussianExample>{(russian) => <Kinds t={russian} />}</RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <Stack gap="xs">
          <Button fullWidth>{t('buttons.labels.save')}</Button>
          <Button fullWidth variant="default">
            {t('buttons.labels.cancel')}
          </Button>
        </Stack>
      </KitExample>
    </KitPage>
  );
}
