import { Box, Center, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import type { KitGroup } from './kit-page-entry';
import { useKitWords } from './kit-words';

/**
 * A page of the UI kit: its title, when to use what it shows (`<group>:<label>.usage`, paragraphs split by a blank
 * line), the modules it renders — the product's own, never copies — and then its examples.
 */
export function KitPage({
  group,
  label,
  sources,
  children,
}: {
  group: KitGroup;
  label: string;
  sources: readonly string[];
  children: ReactNode;
}) {
  const ready = useKitWords();
  const { t } = useTranslation(`kit-${group}`);
  const title = ready ? t(`${label}.title`) : '';
  usePageTitle(title);
  if (!ready) {
    return (
      <Center mih="40vh" role="status" aria-label={t('common:loading')}>
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        {t(`${label}.usage`)
          .split('\n\n')
          .map((paragraph) => (
            <Text key={paragraph} maw={760}>
              {paragraph}
            </Text>
          ))}
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('kit:sources')}
          </Text>
          {sources.map((source) => (
            <Code key={source}>{source}</Code>
          ))}
        </Group>
      </Stack>
      {children}
    </Stack>
  );
}

/**
 * One example of a kit page, under its own heading: a state that matters (empty, loading, error, disabled, long
 * text…). `narrow` shows it in a phone-wide frame, as on an 800 px window's narrowest column.
 */
export function KitExample({ title, narrow, children }: { title: string; narrow?: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Box maw={narrow ? 320 : undefined}>{children}</Box>
    </Paper>
  );
}
