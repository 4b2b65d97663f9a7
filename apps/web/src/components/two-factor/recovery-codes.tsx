import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appInfoQuery } from '../../lib/app-info';
import { currentUserQuery } from '../../lib/current-user';
import { saveFile } from '../data-table';

/**
 * Recovery codes the server has just made, shown this once: to copy, to download as a text file, and "Done" to leave.
 * `heading` says what has just happened (two-factor sign-in turned on, the codes replaced).
 */
export function RecoveryCodesView({
  codes,
  heading,
  onDone,
}: {
  codes: string[];
  heading: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('two-factor');
  const app = useQuery(appInfoQuery).data?.name ?? 'Components Master';
  const email = useQuery(currentUserQuery).data?.email ?? '';
  const lines = codes.join('\n');

  const download = () => {
    const text = `${t('recoveryCodes.fileHeading', { app, email })}\n\n${lines}\n`;
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt');
  };

  return (
    <Stack gap="md">
      <div role="status">
        <Group gap={6} wrap="nowrap">
          <ThemeIcon color="green" variant="light" size="sm" radius="xl" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
          <Text fw={600}>{heading}</Text>
        </Group>
      </div>
      {/* The title in the message's colour: the light alert's own colour for titles is too faint on yellow. */}
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
        <Text size="sm" fw={700}>
          {t('recoveryCodes.title')}
        </Text>
        <Text size="sm" mt={2}>
          {t('recoveryCodes.intro')}
        </Text>
      </Alert>
      <Paper withBorder radius="md" p="md">
        <List
          listStyleType="none"
          aria-label={t('recoveryCodes.caption')}
          ff="monospace"
          fz="md"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: '0.4rem 1rem' }}
        >
          {codes.map((code) => (
            <List.Item key={code} style={{ letterSpacing: '0.05em' }}>
              {code}
            </List.Item>
          ))}
        </List>
      </Paper>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <CopyButton value={lines}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? t('recoveryCodes.copied') : t('recoveryCodes.copyAll')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={download} leftSection={<IconDownload size={16} />}>
            {t('recoveryCodes.download')}
          </Button>
        </Group>
        <Button onClick={onDone} data-autofocus>
          {t('recoveryCodes.done')}
        </Button>
      </Group>
    </Stack>
  );
}
