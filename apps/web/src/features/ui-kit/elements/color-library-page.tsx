import {
  Box,
  Group,
  type MantineTheme,
  Select,
  Stack,
  Table,
  Text,
  useComputedColorScheme,
  useMantineTheme,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX, type TablerIcon } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KitExample, KitPage } from '../kit-page';
import { type ContrastGrade, contrastGrade, contrastRatio, schemeColors } from './contrast';

/** A ratio as WCAG reads it, cut rather than rounded: 4.499 must not show as 4.50, which would pass. */
function useRatioText(): (ratio: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      roundingMode: 'trunc',
    });
    return (ratio: number) => `${format.format(ratio)} : 1`;
  }, [i18n.language]);
}

const GRADE_MARKS: Record<ContrastGrade, { icon: TablerIcon; color: string }> = {
  AAA: { icon: IconCheck, color: 'var(--mantine-color-green-filled)' },
  AA: { icon: IconCheck, color: 'var(--mantine-color-green-filled)' },
  AA18: { icon: IconAlertTriangle, color: 'var(--mantine-color-orange-filled)' },
  fail: { icon: IconX, color: 'var(--mantine-color-error)' },
};

/** A contrast ratio with the level it reaches for text, in words and a mark that is not colour alone. */
function Contrast({ foreground, background }: { foreground: string; background: string }) {
  const { t } = useTranslation('kit-elements');
  const ratioText = useRatioText();
  const ratio = contrastRatio(foreground, background);
  const grade = contrastGrade(ratio);
  const { icon: Mark, color } = GRADE_MARKS[grade];
  return (
    <Group gap={6} wrap="nowrap">
      <Mark size={14} aria-hidden color={color} />
      <Text span size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {ratioText(ratio)}
      </Text>
      <Text span size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {t(`colorLibrary.grades.${grade}`)}
      </Text>
    </Group>
  );
}

/**
 * A table that scrolls sideways when the window is narrower than `minWidth`, its viewport reached with Tab so that
 * keyboard users can scroll it too, as the product's tables do.
 */
function ScrollingTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ type: 'auto', viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table aria-label={label}>{children}</Table>
    </Table.ScrollContainer>
  );
}

/** A colour's sample with its shade written on it, in black or white, whichever stands out more. */
function Swatch({ color, label, size = 40 }: { color: string; label: string; size?: number }) {
  const theme = useMantineTheme();
  const ink = contrastRatio(theme.black, color) >= contrastRatio(theme.white, color) ? theme.black : theme.white;
  return (
    <Box
      w={size}
      h={size}
      title={color}
      style={{
        background: color,
        color: ink,
        borderRadius: 'var(--mantine-radius-sm)',
        border: '1px solid var(--mantine-color-default-border)',
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
      }}
    >
      <Text span size="xs" fw={600} inherit>
        {label}
      </Text>
    </Box>
  );
}

/** The colours of the palette, the theme's primary first. */
function paletteNames(theme: MantineTheme): string[] {
  const names = Object.keys(theme.colors);
  return [theme.primaryColor, ...names.filter((name) => name !== theme.primaryColor)];
}

function Palette() {
  const theme = useMantineTheme();
  return (
    <Stack gap={6}>
      {paletteNames(theme).map((name) => (
        <Group key={name} gap={4} wrap="wrap" align="center">
          <Text size="sm" w={64} style={{ flexShrink: 0 }}>
            {name}
          </Text>
          {theme.colors[name]?.map((shade, index) => (
            <Swatch key={shade} color={shade} label={String(index)} size={36} />
          ))}
        </Group>
      ))}
    </Stack>
  );
}

function BodyAndText() {
  const { t } = useTranslation('kit-elements');
  const schemes = schemeColors(useMantineTheme());
  return (
    <ScrollingTable label={t('colorLibrary.tables.bodyAndText')} minWidth={480}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('colorLibrary.columns.scheme')}</Table.Th>
          <Table.Th>{t('colorLibrary.columns.body')}</Table.Th>
          <Table.Th>{t('colorLibrary.columns.text')}</Table.Th>
          <Table.Th>{t('colorLibrary.columns.contrast')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(['light', 'dark'] as const).map((scheme) => (
          <Table.Tr key={scheme}>
            <Table.Td>{t(`colorLibrary.schemes.${scheme}`)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Swatch color={schemes[scheme].body} label="" size={24} />
                <Text size="sm">{schemes[scheme].body}</Text>
              </Group>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Swatch color={schemes[scheme].text} label="" size={24} />
                <Text size="sm">{schemes[scheme].text}</Text>
              </Group>
            </Table.Td>
            <Table.Td>
              <Contrast foreground={schemes[scheme].text} background={schemes[scheme].body} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollingTable>
  );
}

/** Every shade of one colour against both schemes' body, as text on it and as a background under its text. */
function ShadeContrasts() {
  const { t } = useTranslation('kit-elements');
  const theme = useMantineTheme();
  const schemes = schemeColors(theme);
  const [name, setName] = useState(theme.primaryColor);
  const primaryShade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  return (
    <Stack gap="sm">
      <Select
        label={t('colorLibrary.colour')}
        data={paletteNames(theme)}
        value={name}
        onChange={(value) => setName(value ?? theme.primaryColor)}
        allowDeselect={false}
        searchable
        w={{ base: '100%', xs: 220 }}
        comboboxProps={{ withinPortal: true }}
      />
      <ScrollingTable label={t('colorLibrary.tables.shades', { colour: name })} minWidth={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('colorLibrary.columns.shade')}</Table.Th>
            <Table.Th>{t('colorLibrary.columns.onLightBody')}</Table.Th>
            <Table.Th>{t('colorLibrary.columns.onDarkBody')}</Table.Th>
            <Table.Th>{t('colorLibrary.columns.lightTextOn')}</Table.Th>
            <Table.Th>{t('colorLibrary.columns.darkTextOn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {theme.colors[name]?.map((shade, index) => (
            <Table.Tr key={shade}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Swatch color={shade} label={String(index)} size={28} />
                  <Stack gap={0}>
                    <Text size="sm">{shade}</Text>
                    {name === theme.primaryColor && index === primaryShade ? (
                      <Text size="xs" c="dimmed">
                        {t('colorLibrary.primaryShade')}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <Contrast foreground={shade} background={schemes.light.body} />
              </Table.Td>
              <Table.Td>
                <Contrast foreground={shade} background={schemes.dark.body} />
              </Table.Td>
              <Table.Td>
                <Contrast foreground={schemes.light.text} background={shade} />
              </Table.Td>
              <Table.Td>
                <Contrast foreground={schemes.dark.text} background={shade} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollingTable>
    </Stack>
  );
}

/** The product's text colours by their role, each against the background it is read on. */
const TEXT_ROLES = [
  { role: 'text', color: '--mantine-color-text', background: '--mantine-color-body' },
  { role: 'dimmed', color: '--mantine-color-dimmed', background: '--mantine-color-body' },
  { role: 'error', color: '--mantine-color-error', background: '--mantine-color-body' },
  { role: 'anchor', color: '--mantine-color-anchor', background: '--mantine-color-body' },
  { role: 'placeholder', color: '--mantine-color-placeholder', background: '--mantine-color-body' },
  { role: 'primaryButton', color: '--mantine-primary-color-contrast', background: '--mantine-primary-color-filled' },
] as const;

type Measured = { role: (typeof TEXT_ROLES)[number]['role']; color: string; background: string };

/**
 * The text colours as the page has them now: they are CSS variables of the colour scheme, which app/theme.ts adjusts,
 * so they are read from probes the browser has styled rather than from the theme object.
 */
function TextRoles() {
  const { t } = useTranslation('kit-elements');
  const scheme = useComputedColorScheme('light');
  const probes = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<Measured[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the variables change with the scheme, which the probes do not show React.
  useLayoutEffect(() => {
    const spans = probes.current ? [...probes.current.children] : [];
    setMeasured(
      TEXT_ROLES.map(({ role }, index) => {
        const style = spans[index] ? getComputedStyle(spans[index]) : null;
        return { role, color: style?.color ?? '', background: style?.backgroundColor ?? '' };
      }),
    );
  }, [scheme]);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(`colorLibrary.rolesNote.${scheme}`)}
      </Text>
      <div ref={probes} hidden>
        {TEXT_ROLES.map(({ role, color, background }) => (
          <span key={role} style={{ color: `var(${color})`, backgroundColor: `var(${background})` }} />
        ))}
      </div>
      <ScrollingTable label={t('colorLibrary.tables.roles')} minWidth={420}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('colorLibrary.columns.role')}</Table.Th>
            <Table.Th>{t('colorLibrary.columns.sample')}</Table.Th>
            <Table.Th>{t('colorLibrary.columns.contrast')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {measured.map(({ role, color, background }) => (
            <Table.Tr key={role}>
              <Table.Td>{t(`colorLibrary.roles.${role}`)}</Table.Td>
              <Table.Td>
                {/* The colour as a bar on its background, not as text: a sample that fails would fail the page. */}
                <Box
                  w={72}
                  h={24}
                  p={8}
                  style={{ background, border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
                >
                  <Box h="100%" style={{ background: color, borderRadius: 2 }} />
                </Box>
              </Table.Td>
              <Table.Td>
                {color && background ? <Contrast foreground={color} background={background} /> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollingTable>
    </Stack>
  );
}

/** The kit's colour library: the theme's palette and how each colour reads in the light and the dark scheme. */
export default function ColorLibraryPage() {
  const { t } = useTranslation('kit-elements');
  return (
    <KitPage
      group="elements"
      label="colorLibrary"
      sources={['app/theme (useMantineTheme)', 'features/ui-kit/elements/contrast']}
    >
      <KitExample title={t('colorLibrary.examples.bodyAndText')}>
        <BodyAndText />
      </KitExample>
      <KitExample title={t('colorLibrary.examples.roles')}>
        <TextRoles />
      </KitExample>
      <KitExample title={t('colorLibrary.examples.shades')}>
        <ShadeContrasts />
      </KitExample>
      <KitExample title={t('colorLibrary.examples.palette')}>
        <Palette />
      </KitExample>
    </KitPage>
  );
}
