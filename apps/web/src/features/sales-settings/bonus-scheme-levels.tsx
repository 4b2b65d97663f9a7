import { MAX_BONUS_LEVELS } from '@cm/contract';
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LevelRow, newLevelRow, type SchemeField } from './bonus-scheme-form-values';
import { LevelFields } from './level-fields';

/**
 * The scheme's levels as a group of rows, with Add and each row's Remove. A row added gets the focus in its
 * threshold; a row removed leaves it on the row now in its place (or on Add when none is left).
 */
export function BonusSchemeLevels({
  levels,
  currencySign,
  message,
  onChange,
  onFieldChange,
  onRowsChange,
}: {
  levels: LevelRow[];
  currencySign: string;
  /** The message of a field, worded; undefined without one. */
  message: (field: SchemeField) => string | undefined;
  onChange: (update: (levels: LevelRow[]) => LevelRow[]) => void;
  /** A field was typed into: its message no longer applies. */
  onFieldChange: (field: SchemeField) => void;
  /** A row was added or removed: the levels' messages no longer match their rows' numbers. */
  onRowsChange: () => void;
}) {
  const { t } = useTranslation('sales-settings');
  const labelId = useId();
  const hintId = useId();
  const thresholds = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<string | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    (focusRow === '' ? addButton.current : thresholds.current.get(focusRow))?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const add = () => {
    const row = newLevelRow();
    onChange((current) => [...current, row]);
    onRowsChange();
    setFocusRow(row.id);
  };

  const remove = (index: number) => {
    const rest = levels.filter((_, at) => at !== index);
    onChange((current) => current.filter((_, at) => at !== index));
    onRowsChange();
    setFocusRow((rest[index] ?? rest[index - 1])?.id ?? '');
  };

  const full = levels.length >= MAX_BONUS_LEVELS;
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={hintId}>
      <Stack gap={0}>
        <Input.Label id={labelId} labelElement="div">
          {t('bonusSchemes.levels')}
        </Input.Label>
        <Input.Description id={hintId}>{t('bonusSchemes.form.levelsHint')}</Input.Description>
      </Stack>
      {levels.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('bonusSchemes.noLevels')}
        </Text>
      ) : null}
      {levels.map((level, index) => (
        <LevelFields
          key={level.id}
          level={level}
          number={index + 1}
          currencySign={currencySign}
          errors={{
            threshold: message(`levels.${index}.threshold`),
            rate: message(`levels.${index}.rate`),
            amount: message(`levels.${index}.amount`),
          }}
          thresholdRef={(element) => {
            if (element) thresholds.current.set(level.id, element);
            else thresholds.current.delete(level.id);
          }}
          onChange={(change, field) => {
            onChange((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));
            if (field) onFieldChange(`levels.${index}.${field}`);
          }}
          onRemove={() => remove(index)}
        />
      ))}
      {message('levels') ? (
        <Text size="sm" c="red" role="alert">
          {message('levels')}
        </Text>
      ) : null}
      <Group gap="sm">
        <Button ref={addButton} variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={full}>
          {t('bonusSchemes.form.addLevel')}
        </Button>
        {full ? (
          <Text size="xs" c="dimmed">
            {t('bonusSchemes.form.maxLevels', { count: MAX_BONUS_LEVELS })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
