import '@mantine/dropzone/styles.css';
import { IMPORT_CONTENT_TYPES, IMPORT_MAX_BYTES, type Locale } from '@cm/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconAlertTriangle,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconFileUpload,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { saveFile } from '../data-table';
import type { ImportFormat } from './api';
import { type FileRejection, rejectionOf } from './import-flow';

const MAX_MIB = IMPORT_MAX_BYTES / (1024 * 1024);

/** The first step: the template to fill in, and the drop zone that takes the filled-in file. */
export function FileStep({
  templateDescription,
  downloadTemplate,
  rejection,
  onFile,
  onReject,
}: {
  templateDescription: string;
  downloadTemplate(format: ImportFormat, lang: Locale): Promise<{ blob: Blob; fileName: string }>;
  rejection: FileRejection | null;
  onFile: (file: File) => void;
  onReject: (rejection: FileRejection) => void;
}) {
  const { t, i18n } = useTranslation(['imports', 'errors']);
  const [templatePending, setTemplatePending] = useState<ImportFormat | null>(null);
  const [templateError, setTemplateError] = useState<unknown>(null);
  const lang = i18n.language === 'ru' ? 'ru' : 'en';

  const template = async (format: ImportFormat) => {
    setTemplatePending(format);
    setTemplateError(null);
    try {
      const { blob, fileName } = await downloadTemplate(format, lang);
      saveFile(blob, fileName);
    } catch (error) {
      setTemplateError(error);
    } finally {
      setTemplatePending(null);
    }
  };

  const rejectionText: Record<FileRejection, string> = {
    tooLarge: t('fileTooLarge', { max: MAX_MIB }),
    oneFile: t('oneFile'),
    wrongType: t('wrongType'),
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('template.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {templateDescription}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={16} />}
              loading={templatePending === 'csv'}
              onClick={() => void template('csv')}
            >
              {t('template.csv')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={templatePending === 'xlsx'}
              onClick={() => void template('xlsx')}
            >
              {t('template.xlsx')}
            </Button>
          </Group>
          {templateError !== null && (
            <Text size="sm" c="red" role="alert">
              {errorMessage(t, templateError)}
            </Text>
          )}
        </Stack>
      </Paper>

      <Dropzone
        onDrop={(files) => {
          const file = files[0];
          if (file) onFile(file);
        }}
        onReject={(rejections) => onReject(rejectionOf(rejections[0]?.errors[0]?.code))}
        maxSize={IMPORT_MAX_BYTES}
        accept={{
          [IMPORT_CONTENT_TYPES.csv]: ['.csv'],
          [IMPORT_CONTENT_TYPES.xlsx]: ['.xlsx'],
          'application/vnd.ms-excel': ['.csv'],
        }}
        multiple={false}
        aria-label={t('dropzone.label')}
        inputProps={{ 'aria-label': t('dropzone.label') }}
      >
        <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={44} stroke={1.5} color="var(--mantine-primary-color-filled)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={44} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size="lg" fw={500}>
              {t('dropzone.title')}
            </Text>
            <Text size="sm" c="dimmed" mt={6}>
              {t('dropzone.hint', { max: MAX_MIB })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {rejection && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
          {rejectionText[rejection]}
        </Alert>
      )}
    </Stack>
  );
}
