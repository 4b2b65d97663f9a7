import { ActionIcon, Box, Button, CopyButton, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconBold,
  IconCheck,
  IconCopy,
  IconDownload,
  IconItalic,
  IconLink,
  IconPencil,
  IconShieldCheck,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

/** An icon button names itself (aria-label) and shows the same name on hover. */
function IconAction({ label, icon, delayed = false }: { label: string; icon: ReactNode; delayed?: boolean }) {
  return (
    <Tooltip label={label} withinPortal withArrow={delayed} openDelay={delayed ? 400 : undefined}>
      <ActionIcon variant="subtle" color="gray" aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

function RowActions({ t }: { t: TFunction }) {
  return (
    <Group gap={4}>
      <IconAction label={t('tooltips.labels.rename')} icon={<IconPencil size={16} />} />
      <IconAction label={t('tooltips.labels.archive')} icon={<IconArchive size={16} />} />
    </Group>
  );
}

/** A formatting toolbar, as the markdown editor's: its tooltips wait a little, so passing the mouse shows none. */
function Toolbar({ t }: { t: TFunction }) {
  return (
    <Group gap={2} role="toolbar" aria-label={t('tooltips.labels.toolbar')}>
      <IconAction label={t('tooltips.labels.bold')} icon={<IconBold size={18} stroke={1.8} />} delayed />
      <IconAction label={t('tooltips.labels.italic')} icon={<IconItalic size={18} stroke={1.8} />} delayed />
      <IconAction label={t('tooltips.labels.link')} icon={<IconLink size={18} stroke={1.8} />} delayed />
    </Group>
  );
}

/** The kit's tooltips: the names of icon buttons and signs, shown on hover. */
export default function TooltipsPage() {
  const { t } = useTranslation('kit-elements');
  return (
    <KitPage group="elements" label="tooltips" sources={['@mantine/core Tooltip']}>
      <KitExample title={t('tooltips.examples.shown')}>
        {/* Open for good, so that its look can be checked without hovering; the room above is the tooltip's. */}
        <Box pt={40}>
          <Tooltip label={t('tooltips.labels.rename')} opened withArrow>
            <ActionIcon variant="subtle" color="gray" aria-label={t('tooltips.labels.rename')}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        </Box>
      </KitExample>
      <KitExample title={t('tooltips.examples.actions')}>
        <RowActions t={t} />
      </KitExample>
      <KitExample title={t('tooltips.examples.toolbar')}>
        <Toolbar t={t} />
      </KitExample>
      <KitExample title={t('tooltips.examples.sign')}>
        <Group gap={6}>
          <Text size="sm" fw={500}>
            {t('tooltips.sampleName')}
          </Text>
          <Tooltip label={t('tooltips.labels.twoFactor')} withinPortal>
            <ThemeIcon role="img" aria-label={t('tooltips.labels.twoFactor')} color="teal" variant="light" size="sm">
              <IconShieldCheck size={14} aria-hidden />
            </ThemeIcon>
          </Tooltip>
        </Group>
      </KitExample>
      <KitExample title={t('tooltips.examples.copy')}>
        <CopyButton value="CAP-0402-100N-X7R-50V">
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('tooltips.labels.copied') : t('tooltips.labels.copy')} withinPortal>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={copied ? t('tooltips.labels.copied') : t('tooltips.labels.copy')}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </KitExample>
      <KitExample title={t('states.disabled')}>
        {/* A disabled button gets no pointer events, so a tooltip would never show: the browser's own title does. */}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled
          title={t('tooltips.labels.unavailable')}
        >
          {t('tooltips.labels.export')}
        </Button>
      </KitExample>
      <KitExample title={t('states.longText')}>
        {/* Open for good too, beside its button, with room above and below for its lines. */}
        <Box py={48}>
          <Tooltip label={t('tooltips.labels.long')} opened position="right" withArrow multiline w={260}>
            <ActionIcon variant="subtle" color="gray" aria-label={t('tooltips.labels.long')}>
              <IconArchive size={16} />
            </ActionIcon>
          </Tooltip>
        </Box>
      </KitExample>
      <RussianExample>
        {(russian) => (
          <Group gap="lg">
            <RowActions t={russian} />
            <Toolbar t={russian} />
          </Group>
        )}
      </RussianExample>
    </KitPage>
  );
}
