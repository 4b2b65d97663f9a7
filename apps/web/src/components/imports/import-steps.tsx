import '@mantine/dropzone/styles.css';
import { IMPORT_CONTENT_TYPES, IMPORT_MAX_BYTES, type ImportErrorCode, type Locale } from '@cm/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconFileUpload,
  IconInfoCircle,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { saveFile } from '../data-table';
import { type ImportFormat, importFormatOf } from './api';

/** A number of the preview or of the result, with its (pluralised) label. */
export type ImportStat = { value: number; label: string };

/** What every import's preview holds, whatever its columns and summary. */
export type ImportPreviewShape = {
  importId: string | null;
  totalRows: number;
  errors: { row: number; column: string | null; code: ImportErrorCode; message: string }[];
  errorCount: number;
  sample: Record<string, string>[];
};

/**
 * What one import brings to the shared steps: its template, its routes, its columns and the numbers it
 * reports. The steps themselves (upload with progress, preview with row errors, commit all or nothing)
 * are the same for every import.
 */
export type ImportFlow<Preview extends ImportPreviewShape, Result> = {
  templateDescription: string;
  downloadTemplate(format: ImportFormat, lang: Locale): Promise<{ blob: Blob; fileName: string }>;
  preview(file: File, onProgress: (fraction: number) => void): Promise<Preview>;
  commit(importId: string): Promise<Result>;
  /** Refreshes what a commit changed. */
  afterCommit(queryClient: QueryClient): Promise<unknown>;
  /** The columns in template order; the sample shows the file's columns in this order. */
  columns: readonly string[];
  columnLabel(column: string): string;
  summary(preview: Preview): ImportStat[];
  /** A warning that does not stop the import, e.g. managers no user matches. */
  notice(preview: Preview): string | null;
  result(result: Result): ImportStat[];
  doneMessage: string;
};

type Phase<Preview, Result> =
  | { step: 'choose'; rejection?: string }
  | { step: 'uploading'; file: File; progress: number }
  | { step: 'checking'; file: File }
  | { step: 'preview'; file: File; preview: Preview }
  | { step: 'checkFailed'; file: File; error: unknown }
  | { step: 'committing'; file: File; preview: Preview }
  | { step: 'done'; result: Result }
  | { step: 'commitFailed'; file: File; preview: Preview; error: unknown };

const ACTIVE_STEP: Record<Phase<unknown, unknown>['step'], number> = {
  choose: 0,
  uploading: 1,
  checking: 1,
  preview: 1,
  checkFailed: 1,
  committing: 2,
  done: 3,
  commitFailed: 2,
};

const MAX_MIB = IMPORT_MAX_BYTES / (1024 * 1024);
/** Row errors shown at once; the server lists at most 1 000 and says how many there were. */
const ERRORS_SHOWN = 200;

function fileSize(bytes: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} KiB`;
  return `${format.format(bytes / (1024 * 1024))} MiB`;
}

/**
 * The steps of an import from CSV or XLSX: template, upload with progress, a preview with counts, sample
 * rows and row errors, then an all-or-nothing commit. `onClose`, when given, adds a Close button at the end.
 */
export function ImportSteps<Preview extends ImportPreviewShape, Result>({
  flow,
  onClose,
}: {
  flow: ImportFlow<Preview, Result>;
  onClose?: () => void;
}) {
  const { t, i18n } = useTranslation(['imports', 'errors', 'common']);
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase<Preview, Result>>({ step: 'choose' });
  const [templatePending, setTemplatePending] = useState<ImportFormat | null>(null);
  const [templateError, setTemplateError] = useState<unknown>(null);
  // Answers of an upload the user has since abandoned (another file, closed) are dropped.
  const session = useRef(0);
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  // Each step replaces the controls of the one before, the focused one with them: the focus moves to the
  // new step, so keyboard and screen-reader users go on from there instead of from the top of the page.
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(phase.step);
  useEffect(() => {
    if (shownStep.current === phase.step) return;
    shownStep.current = phase.step;
    if (!stepRef.current?.contains(document.activeElement)) stepRef.current?.focus();
  }, [phase.step]);

  const template = async (format: ImportFormat) => {
    setTemplatePending(format);
    setTemplateError(null);
    try {
      const { blob, fileName } = await flow.downloadTemplate(format, lang);
      saveFile(blob, fileName);
    } catch (error) {
      setTemplateError(error);
    } finally {
      setTemplatePending(null);
    }
  };

  const check = async (file: File) => {
    session.current += 1;
    const current = session.current;
    setPhase({ step: 'uploading', file, progress: 0 });
    try {
      const preview = await flow.preview(file, (progress) => {
        if (session.current !== current) return;
        // Once every byte is sent, the server reads and checks the rows: that wait gets its own message.
        setPhase(progress >= 1 ? { step: 'checking', file } : { step: 'uploading', file, progress });
      });
      if (session.current === current) setPhase({ step: 'preview', file, preview });
    } catch (error) {
      if (session.current === current) setPhase({ step: 'checkFailed', file, error });
    }
  };

  const commit = async (file: File, preview: Preview) => {
    if (!preview.importId) return;
    setPhase({ step: 'committing', file, preview });
    try {
      const result = await flow.commit(preview.importId);
      await flow.afterCommit(queryClient);
      setPhase({ step: 'done', result });
    } catch (error) {
      setPhase({ step: 'commitFailed', file, preview, error });
    }
  };

  const reject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setPhase({
      step: 'choose',
      rejection:
        code === 'file-too-large'
          ? t('fileTooLarge', { max: MAX_MIB })
          : code === 'too-many-files'
            ? t('oneFile')
            : t('wrongType'),
    });
  };

  const chooseAgain = () => {
    session.current += 1;
    setPhase({ step: 'choose' });
  };

  return (
    <Stack gap="lg">
      <Stepper active={ACTIVE_STEP[phase.step]} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('steps.file')} description={t('steps.fileHint')} />
        <Stepper.Step label={t('steps.check')} description={t('steps.checkHint')} />
        <Stepper.Step label={t('steps.import')} description={t('steps.importHint')} />
      </Stepper>

      <div ref={stepRef} tabIndex={-1} style={{ outline: 'none' }}>
        {phase.step === 'choose' && (
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {t('template.title')}
                </Title>
                <Text size="sm" c="dimmed">
                  {flow.templateDescription}
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
                if (!file) return;
                if (!importFormatOf(file.name)) {
                  setPhase({ step: 'choose', rejection: t('wrongType') });
                  return;
                }
                void check(file);
              }}
              onReject={reject}
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
            {phase.rejection && (
              <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
                {phase.rejection}
              </Alert>
            )}
          </Stack>
        )}

        {(phase.step === 'uploading' || phase.step === 'checking') && (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {phase.file.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {fileSize(phase.file.size, i18n.language)}
                </Text>
              </Group>
              {phase.step === 'uploading' ? (
                <>
                  <Progress
                    value={Math.round(phase.progress * 100)}
                    size="lg"
                    aria-label={t('uploading')}
                    transitionDuration={150}
                  />
                  <Text size="sm" c="dimmed" role="status">
                    {t('uploadingPercent', { percent: Math.round(phase.progress * 100) })}
                  </Text>
                </>
              ) : (
                <>
                  <Progress value={100} size="lg" striped animated aria-label={t('checking')} />
                  <Group gap="xs" role="status">
                    <Loader size="xs" />
                    <Text size="sm">{t('checking')}</Text>
                  </Group>
                </>
              )}
            </Stack>
          </Paper>
        )}

        {phase.step === 'checkFailed' && (
          <Stack gap="md">
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} title={t('checkFailed')}>
              {errorMessage(t, phase.error)}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={chooseAgain}>
                {t('chooseAnother')}
              </Button>
            </Group>
          </Stack>
        )}

        {(phase.step === 'preview' || phase.step === 'commitFailed') && (
          <PreviewView
            flow={flow}
            preview={phase.preview}
            fileName={phase.file.name}
            commitError={phase.step === 'commitFailed' ? phase.error : null}
            onChooseAnother={chooseAgain}
            onCommit={() => void commit(phase.file, phase.preview)}
          />
        )}

        {phase.step === 'committing' && (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <Progress value={100} size="lg" striped animated aria-label={t('importing')} />
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">{t('committing', { count: phase.preview.totalRows })}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t('allOrNothing')}
              </Text>
            </Stack>
          </Paper>
        )}

        {phase.step === 'done' && (
          <Stack gap="md">
            <Alert color="green" icon={<IconCircleCheck size={18} />} title={t('done.title')} role="status">
              {flow.doneMessage}
            </Alert>
            <Stats stats={flow.result(phase.result)} />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={chooseAgain}>
                {t('importAnother')}
              </Button>
              {onClose && (
                <Button onClick={onClose} data-autofocus>
                  {t('close')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </div>
    </Stack>
  );
}

function Stats({ stats }: { stats: ImportStat[] }) {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(4, stats.length) }} spacing="sm">
      {stats.map((stat) => (
        <Paper key={stat.label} withBorder p="sm" radius="md">
          <Text fw={700} size="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {number.format(stat.value)}
          </Text>
          <Text size="sm" c="dimmed">
            {stat.label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function PreviewView<Preview extends ImportPreviewShape, Result>({
  flow,
  preview,
  fileName,
  commitError,
  onChooseAnother,
  onCommit,
}: {
  flow: ImportFlow<Preview, Result>;
  preview: Preview;
  fileName: string;
  commitError: unknown;
  onChooseAnother: () => void;
  onCommit: () => void;
}) {
  const { t, i18n } = useTranslation(['imports', 'errors', 'common']);
  const number = new Intl.NumberFormat(i18n.language);
  const hasErrors = preview.errorCount > 0 || preview.importId === null;
  const label = (column: string | null) =>
    column === null ? '—' : flow.columns.includes(column) ? flow.columnLabel(column) : column;
  const sampleColumns = [
    ...flow.columns.filter((column) => preview.sample.some((row) => row[column] !== undefined)),
    ...[...new Set(preview.sample.flatMap((row) => Object.keys(row)))].filter((key) => !flow.columns.includes(key)),
  ];
  const notice = flow.notice(preview);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {fileName}
        </Text>
        <Text size="sm" c="dimmed">
          {t('rowsRead', { count: preview.totalRows, formatted: number.format(preview.totalRows) })}
        </Text>
      </Group>

      <Stats stats={flow.summary(preview)} />
      {notice && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {notice}
        </Alert>
      )}

      {hasErrors ? (
        <Stack gap="xs">
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={t('errorsFound', { count: preview.errorCount })}
            role="alert"
          >
            {t('errorsHelp')}
          </Alert>
          {preview.errors.length > 0 && (
            // Focusable, so keyboard users can scroll the list of errors too.
            <ScrollArea.Autosize
              mah={280}
              type="auto"
              offsetScrollbars
              viewportProps={{ tabIndex: 0, 'aria-label': t('errorsTable') }}
            >
              <Table striped stickyHeader aria-label={t('errorsTable')} verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={80}>{t('errorRow')}</Table.Th>
                    <Table.Th w={200}>{t('errorColumn')}</Table.Th>
                    <Table.Th>{t('errorReason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.errors.slice(0, ERRORS_SHOWN).map((error, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one cell may have several errors; the list never reorders.
                    <Table.Tr key={index}>
                      <Table.Td>{error.row === 0 ? t('wholeFile') : number.format(error.row)}</Table.Td>
                      <Table.Td>{label(error.column)}</Table.Td>
                      <Table.Td>{t(`codes.${error.code}`, { defaultValue: error.message })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          {preview.errorCount > Math.min(preview.errors.length, ERRORS_SHOWN) && (
            <Text size="sm" c="dimmed">
              {t('moreErrors', { count: preview.errorCount - Math.min(preview.errors.length, ERRORS_SHOWN) })}
            </Text>
          )}
        </Stack>
      ) : (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {t('noErrors', { count: preview.totalRows })}
        </Alert>
      )}

      {preview.sample.length > 0 && (
        <Stack gap={6}>
          <Group gap="xs">
            <Title order={3} size="h5">
              {t('sample')}
            </Title>
            <Badge variant="light" color="gray" size="sm">
              {t('sampleCount', { count: preview.sample.length })}
            </Badge>
          </Group>
          <Table.ScrollContainer
            minWidth={Math.max(480, sampleColumns.length * 120)}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t('sample') } }}
          >
            <Table striped withTableBorder verticalSpacing={4} fz="sm" aria-label={t('sample')}>
              <Table.Thead>
                <Table.Tr>
                  {sampleColumns.map((column) => (
                    <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                      {label(column)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.sample.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: sample rows are shown as read, in file order.
                  <Table.Tr key={index}>
                    {sampleColumns.map((column) => (
                      <Table.Td
                        key={column}
                        style={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                      >
                        {row[column] ?? ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}

      {commitError !== null && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} title={t('commitFailed')}>
          {errorMessage(t, commitError)}
        </Alert>
      )}

      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onChooseAnother}>
          {t('chooseAnother')}
        </Button>
        <Button onClick={onCommit} disabled={hasErrors} leftSection={<IconUpload size={16} />}>
          {t('commit', { count: preview.totalRows, formatted: number.format(preview.totalRows) })}
        </Button>
      </Group>
    </Stack>
  );
}
