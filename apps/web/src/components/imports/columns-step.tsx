import {
  type ColumnMapping,
  cellValue,
  columnLetters,
  type EmptyCells,
  ImportColumn,
  type ImportFileReading,
  ImportPreset,
  proposeMapping,
  recognisePreset,
} from '@cm/contract';
import { Alert, Badge, Button, Group, Radio, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeTable } from '../data-table';
import { FileLine } from './import-headings';

/** Fields a file must give a column for. */
const REQUIRED: readonly ImportColumn[] = ['sku', 'name'];

/** Values of a column shown beside its field, from the rows under the header. */
const SHOWN_VALUES = 3;

/** Where a mapping's columns come from: the preset recognised, the template's headers only, or one chosen. */
type PresetChoice = 'recognised' | 'template' | ImportPreset;

function proposal(headers: readonly string[], choice: PresetChoice): ColumnMapping {
  if (choice === 'recognised') return proposeMapping(headers, recognisePreset(headers));
  return proposeMapping(headers, choice === 'template' ? null : choice);
}

/**
 * The columns step of the components import: which row holds the headers (a title block may sit above it),
 * which column of the file feeds each field (proposed from the headers, a known tool's preset, or as last
 * imported), and whether an empty cell keeps or clears a stored value. Columns no field reads are left out.
 */
export function ColumnsStep({
  reading,
  fileName,
  onCheck,
  onChooseAnother,
}: {
  reading: ImportFileReading;
  fileName: string;
  onCheck: (reading: ImportFileReading) => void;
  onChooseAnother: () => void;
}) {
  const { t } = useTranslation('imports');
  const [headerRow, setHeaderRow] = useState(reading.mapping.headerRow);
  const [columns, setColumns] = useState<ColumnMapping>(reading.mapping.columns);
  const [emptyCells, setEmptyCells] = useState<EmptyCells>(reading.mapping.emptyCells);
  const [preset, setPreset] = useState<PresetChoice>('recognised');

  const headers = reading.topRows[headerRow - 1] ?? [];
  const below = reading.topRows.slice(headerRow);
  const columnName = (index: number) => `${columnLetters(index)} · ${headers[index]?.trim() || t('mapping.untitled')}`;
  // Every column a row under the header fills, also one right of the last header cell.
  const width = Math.max(headers.length, ...below.map((cells) => cells.length));
  const columnOptions = [
    { value: '', label: t('mapping.notImported') },
    ...Array.from({ length: width }, (_, index) => ({ value: String(index), label: columnName(index) })),
  ];
  const read = new Set(Object.values(columns));
  const leftOut = headers.flatMap((header, index) => (header.trim() !== '' && !read.has(index) ? [header.trim()] : []));
  const unmapped = REQUIRED.filter((field) => columns[field] === undefined);
  const recognised = recognisePreset(headers);

  const chooseHeaderRow = (value: string | null) => {
    const row = Number(value);
    if (!Number.isInteger(row) || row < 1) return;
    setHeaderRow(row);
    setColumns(proposal(reading.topRows[row - 1] ?? [], preset));
  };
  const choosePreset = (value: string | null) => {
    const choice = (value ?? 'recognised') as PresetChoice;
    setPreset(choice);
    setColumns(proposal(headers, choice));
  };
  const chooseColumn = (field: ImportColumn, value: string | null) => {
    const { [field]: _previous, ...others } = columns;
    setColumns(value === null || value === '' ? others : { ...others, [field]: Number(value) });
  };

  const rowOptions = reading.topRows.flatMap((cells, index) => {
    const filled = cells.filter((cell) => cell.trim() !== '');
    if (filled.length === 0) return [];
    const text = filled.slice(0, 4).join(', ');
    return [{ value: String(index + 1), label: t('mapping.rowOption', { row: index + 1, cells: text }) }];
  });
  const presetOptions = [
    {
      value: 'recognised',
      label: recognised
        ? t('mapping.presetRecognised', { preset: t(`mapping.presets.${recognised}`) })
        : t('mapping.presetNone'),
    },
    { value: 'template', label: t('mapping.presets.template') },
    ...ImportPreset.options.map((option) => ({ value: option, label: t(`mapping.presets.${option}`) })),
  ];

  return (
    <Stack gap="md">
      <FileLine name={fileName}>
        {recognised && (
          <Badge variant="light" color="blue">
            {t(`mapping.presets.${recognised}`)}
          </Badge>
        )}
      </FileLine>
      <Text size="sm">{t('mapping.intro')}</Text>
      {reading.proposedBy === 'remembered' &&
        headerRow === reading.mapping.headerRow &&
        columns === reading.mapping.columns && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {t('mapping.remembered')}
          </Alert>
        )}

      <Group grow align="flex-start" gap="sm" wrap="wrap">
        <Select
          label={t('mapping.headerRow')}
          description={t('mapping.headerRowHint')}
          data={rowOptions}
          value={String(headerRow)}
          onChange={chooseHeaderRow}
          allowDeselect={false}
          miw={240}
        />
        <Select
          label={t('mapping.preset')}
          description={t('mapping.presetHint')}
          data={presetOptions}
          value={preset}
          onChange={choosePreset}
          allowDeselect={false}
          miw={240}
        />
      </Group>

      <WholeTable<ImportColumn>
        label={t('mapping.table')}
        maxHeight={360}
        rows={ImportColumn.options}
        attention={(field) => REQUIRED.includes(field) && columns[field] === undefined}
        columns={[
          {
            key: 'field',
            title: t('mapping.field'),
            width: 200,
            render: (field) =>
              REQUIRED.includes(field) ? (
                <Text size="sm" fw={500}>
                  {t(`columns.${field}`)} <span aria-hidden="true">*</span>
                  <VisuallyHidden>{t('mapping.required')}</VisuallyHidden>
                </Text>
              ) : (
                t(`columns.${field}`)
              ),
          },
          {
            key: 'column',
            title: t('mapping.fileColumn'),
            width: 260,
            render: (field) => (
              <Select
                aria-label={t('mapping.columnFor', { field: t(`columns.${field}`) })}
                data={columnOptions}
                value={columns[field] === undefined ? '' : String(columns[field])}
                onChange={(value) => chooseColumn(field, value)}
                allowDeselect={false}
                size="xs"
                comboboxProps={{ withinPortal: true }}
                error={REQUIRED.includes(field) && columns[field] === undefined}
              />
            ),
          },
          {
            key: 'values',
            title: t('mapping.values'),
            truncate: true,
            render: (field) => {
              const index = columns[field];
              if (index === undefined) return '';
              return below
                .map((cells) => cellValue(cells[index]))
                .filter((value) => value !== '')
                .slice(0, SHOWN_VALUES)
                .join(' · ');
            },
          },
        ]}
      />

      {leftOut.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('mapping.leftOut', { columns: leftOut.join(', ') })}
        </Text>
      )}

      <Radio.Group
        label={t('mapping.emptyCells')}
        description={t('mapping.emptyCellsHint')}
        value={emptyCells}
        onChange={(value) => setEmptyCells(value as EmptyCells)}
      >
        <Stack gap={6} mt="xs">
          <Radio value="keep" label={t('mapping.keep')} />
          <Radio value="clear" label={t('mapping.clear')} />
        </Stack>
      </Radio.Group>

      {unmapped.length > 0 && (
        <Text size="sm" c="var(--mantine-color-error)" role="status">
          {t('mapping.chooseRequired', { fields: unmapped.map((field) => t(`columns.${field}`)).join(', ') })}
        </Text>
      )}

      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onChooseAnother}>
          {t('chooseAnother')}
        </Button>
        <Button
          disabled={unmapped.length > 0}
          onClick={() => onCheck({ ...reading, mapping: { headerRow, columns, emptyCells } })}
        >
          {t('mapping.check')}
        </Button>
      </Group>
    </Stack>
  );
}
