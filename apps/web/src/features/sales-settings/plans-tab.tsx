import type { PlanGrid, PlansUpdateRequest } from '@cm/contract';
import { Alert, Badge, Button, EmptyState, Group, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCopy, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListSearch } from '../../components/data-table';
import { LoadFailed } from '../../components/load-failed';
import { currentUserQuery } from '../../lib/current-user';
import { errorMessage } from '../../lib/error-message';
import { moneyInputText, parseMoney, useCurrency, useFormatters } from '../../lib/format';
import { notify } from '../../lib/notify';
import { planGridQuery, useSavePlans } from './api';
import { CopyMonthModal } from './copy-month-modal';
import { SaveBar } from './save-bar';
import { YearSearch, YearSwitcher } from './year-switcher';

/** A cell typed into: the text and the saved amount it stands over, keyed by `userId|month`. */
type Draft = { text: string; original: number | null };
type Drafts = Record<string, Draft>;

const keyOf = (userId: string, month: string) => `${userId}|${month}`;

const STICKY: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 180,
};

/**
 * The monthly plans grid (PRODUCT.md §5): managers × the 12 months of a year, edited in place. Amounts are
 * typed in major units of the organisation currency and sent as minor units; only changed cells are saved,
 * an emptied cell removes its plan. Edits of several years can wait together until Save.
 */
export function PlansTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t, i18n } = useTranslation(['sales-settings', 'errors', 'common']);
  // Plans are the current department's (PRODUCT.md §2): its managers only.
  const { data: user } = useQuery(currentUserQuery);
  const [search, update] = useListSearch(YearSearch);
  const year = search.year;
  const grid = useQuery(planGridQuery(year));
  const [drafts, setDrafts] = useState<Drafts>({});
  const [showInvalid, setShowInvalid] = useState(false);
  const [copyOpened, setCopyOpened] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);

  // Plans are in the organisation currency, like every amount: typed with its digits, sent as its minor units.
  const { digits } = useCurrency();
  const format = useFormatters();
  // A cell typed back to its saved amount ("1500" for 1500.00) is no change; unreadable text is one.
  const changed = useMemo(
    () =>
      Object.entries(drafts)
        .map(([key, draft]) => ({
          key,
          amount: parseMoney(draft.text, digits, i18n.language),
          original: draft.original,
        }))
        .filter((entry) => entry.amount !== entry.original),
    [drafts, digits, i18n.language],
  );
  const changedKeys = new Set(changed.map((entry) => entry.key));
  const invalid = new Set(changed.filter((entry) => entry.amount === undefined).map((entry) => entry.key));
  const dirty = changed.length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useSavePlans();

  const edit = (userId: string, month: string, original: number | null, text: string) => {
    const key = keyOf(userId, month);
    const savedText = original === null ? '' : moneyInputText(original, digits, i18n.language);
    setDrafts((current) => {
      const next = { ...current };
      if (text === savedText) delete next[key];
      else next[key] = { text, original };
      return next;
    });
  };

  const submit = () => {
    if (invalid.size > 0) {
      setShowInvalid(true);
      requestAnimationFrame(() => tableRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const items: PlansUpdateRequest['items'] = changed.map(({ key, amount }) => {
      const [userId = '', month = ''] = key.split('|');
      return { userId, month, amountMinor: amount ?? null };
    });
    save.mutate(
      { items },
      {
        onSuccess: (result) => {
          setDrafts({});
          setShowInvalid(false);
          notify({ color: 'green', message: t('plans.saved', { count: result.saved + result.removed }) });
        },
      },
    );
  };

  const monthLabels = useMemo(() => {
    const short = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => {
      const date = new Date(Date.UTC(year, index, 1));
      return { short: short.format(date), long: long.format(date) };
    });
  }, [i18n.language, year]);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <YearSwitcher year={year} onChange={(next) => update({ year: next })} />
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          onClick={() => setCopyOpened(true)}
          disabled={dirty || grid.data?.managers.length === 0}
        >
          {t('plans.copyLastMonth')}
        </Button>
      </Group>

      {showInvalid && invalid.size > 0 ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('plans.fixAmounts', { count: invalid.size, digits })}
        </Alert>
      ) : save.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(t, save.error)}
        </Alert>
      ) : null}

      {grid.isPending ? (
        <Skeleton height={360} radius="md" aria-busy="true" aria-label={t('common:loading')} />
      ) : grid.isError ? (
        <LoadFailed title={t('plans.loadFailed')} error={grid.error} onRetry={() => void grid.refetch()} />
      ) : grid.data.managers.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={28} />}
          withIndicatorBackground
          title={t('plans.emptyTitle', { department: user?.currentDepartment?.name ?? '' })}
          description={t('plans.empty')}
          py="xl"
        />
      ) : (
        <Paper withBorder radius="md" ref={tableRef}>
          <Table.ScrollContainer minWidth={1500} type="native">
            <Table
              striped
              withColumnBorders
              verticalSpacing={6}
              horizontalSpacing="xs"
              aria-label={t('plans.tableLabel', { year, currency: format.currencySign })}
              aria-busy={grid.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={STICKY}>{t('plans.manager')}</Table.Th>
                  {monthLabels.map((label) => (
                    <Table.Th key={label.long} ta="right">
                      <abbr title={label.long} style={{ textDecoration: 'none' }}>
                        {label.short}
                      </abbr>
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">{t('plans.yearTotal')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {grid.data.managers.map((manager) => (
                  <PlanRow
                    key={manager.userId}
                    manager={manager}
                    grid={grid.data}
                    drafts={drafts}
                    changed={changedKeys}
                    invalid={showInvalid ? invalid : new Set()}
                    digits={digits}
                    monthLabels={monthLabels}
                    formatTotal={format.money}
                    onEdit={edit}
                  />
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <TotalsRow grid={grid.data} drafts={drafts} digits={digits} format={format.money} />
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        status={
          dirty
            ? t('plans.unsaved', { count: changed.length })
            : t('plans.currencyNote', { currency: format.currencySign })
        }
        saveLabel={t('plans.save')}
        onDiscard={() => {
          setDrafts({});
          setShowInvalid(false);
          save.reset();
        }}
        onSave={submit}
      />

      <CopyMonthModal
        opened={copyOpened}
        onClose={() => setCopyOpened(false)}
        onCopied={(toMonth) => {
          const toYear = Number(toMonth.slice(0, 4));
          if (toYear !== year) update({ year: toYear });
        }}
      />
    </Stack>
  );
}

type MonthLabel = { short: string; long: string };

/** Amount of a cell as shown: the edit if any, else the saved plan. */
function effectiveAmount(
  drafts: Drafts,
  key: string,
  saved: number | null,
  digits: number,
  language: string,
): number | null {
  const draft = drafts[key];
  if (!draft) return saved;
  return parseMoney(draft.text, digits, language) ?? null;
}

function PlanRow({
  manager,
  grid,
  drafts,
  changed,
  invalid,
  digits,
  monthLabels,
  formatTotal,
  onEdit,
}: {
  manager: PlanGrid['managers'][number];
  grid: PlanGrid;
  drafts: Drafts;
  changed: ReadonlySet<string>;
  invalid: ReadonlySet<string>;
  digits: number;
  monthLabels: MonthLabel[];
  formatTotal: (minor: bigint) => string;
  onEdit: (userId: string, month: string, original: number | null, text: string) => void;
}) {
  const { t, i18n } = useTranslation(['sales-settings', 'common']);
  let total = 0n;
  return (
    <Table.Tr>
      <Table.Th scope="row" style={STICKY} fw={500}>
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} lineClamp={1}>
              {manager.name}
            </Text>
            {!manager.active ? (
              <Badge size="xs" color="gray" variant="light">
                {t('plans.inactive')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {manager.amoId !== null ? t('plans.amoId', { id: manager.amoId }) : t(`common:roles.${manager.role}`)}
          </Text>
        </Stack>
      </Table.Th>
      {grid.months.map((month, index) => {
        const key = keyOf(manager.userId, month);
        const saved = manager.amounts[index] ?? null;
        const draft = drafts[key];
        const amount = effectiveAmount(drafts, key, saved, digits, i18n.language);
        if (amount !== null) total += BigInt(amount);
        return (
          <Table.Td key={month} p={4}>
            <TextInput
              size="xs"
              w={104}
              inputMode="decimal"
              autoComplete="off"
              aria-label={t('plans.cellLabel', { name: manager.name, month: monthLabels[index]?.long ?? month })}
              placeholder="—"
              value={draft ? draft.text : saved === null ? '' : moneyInputText(saved, digits, i18n.language)}
              onChange={(event) => onEdit(manager.userId, month, saved, event.currentTarget.value)}
              error={invalid.has(key)}
              styles={{
                input: {
                  textAlign: 'right',
                  fontVariantNumeric: 'tabular-nums',
                  ...(changed.has(key) && !invalid.has(key) && { background: 'var(--mantine-color-yellow-light)' }),
                },
              }}
              data-changed={changed.has(key) || undefined}
            />
          </Table.Td>
        );
      })}
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <Text size="sm" fw={600}>
          {formatTotal(total)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The whole team's plan per month and for the year, edits included. */
function TotalsRow({
  grid,
  drafts,
  digits,
  format,
}: {
  grid: PlanGrid;
  drafts: Drafts;
  digits: number;
  format: (minor: bigint) => string;
}) {
  const { t, i18n } = useTranslation('sales-settings');
  const months = grid.months.map((month, index) =>
    grid.managers.reduce((sum, manager) => {
      const key = keyOf(manager.userId, month);
      const amount = effectiveAmount(drafts, key, manager.amounts[index] ?? null, digits, i18n.language);
      return amount === null ? sum : sum + BigInt(amount);
    }, 0n),
  );
  const year = months.reduce((sum, month) => sum + month, 0n);
  const cell: CSSProperties = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
  return (
    <Table.Tr>
      <Table.Th scope="row" style={STICKY}>
        {t('plans.total')}
      </Table.Th>
      {months.map((sum, index) => (
        <Table.Td key={grid.months[index]} ta="right" style={cell}>
          <Text size="xs" fw={600}>
            {format(sum)}
          </Text>
        </Table.Td>
      ))}
      <Table.Td ta="right" style={cell}>
        <Text size="sm" fw={700}>
          {format(year)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
