import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useCopyPlans } from './api';

/** `YYYY-MM` of a month counted from the current one (-1: last month). */
function monthFromNow(offset: number): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The months offered: two years back to one year ahead of the current month. */
const OFFSETS = Array.from({ length: 37 }, (_, index) => index - 24);

/**
 * Copies every manager's plan of one month to another: by default last month to this month. Plans the
 * target month already has are kept unless the administrator chooses to replace them.
 */
export function CopyMonthModal({
  opened,
  onClose,
  onCopied,
}: {
  opened: boolean;
  onClose: () => void;
  onCopied: (toMonth: string) => void;
}) {
  const { t, i18n } = useTranslation(['sales-settings', 'errors', 'common']);
  const [fromMonth, setFromMonth] = useState(() => monthFromNow(-1));
  const [toMonth, setToMonth] = useState(() => monthFromNow(0));
  const [overwrite, setOverwrite] = useState(false);

  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return OFFSETS.map(monthFromNow).map((month) => ({
      value: month,
      label: format.format(new Date(`${month}-01T00:00:00Z`)),
    }));
  }, [i18n.language]);
  const labelOf = (month: string) => months.find((option) => option.value === month)?.label ?? month;

  const copy = useCopyPlans();

  // Replacing plans is never carried over to the next copy.
  const close = () => {
    copy.reset();
    setOverwrite(false);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('copy.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack>
        <Text size="sm">{t('copy.message')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('copy.from')}
            data={months}
            value={fromMonth}
            onChange={(value) => value && setFromMonth(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('copy.to')}
            data={months}
            value={toMonth}
            onChange={(value) => value && setToMonth(value)}
            allowDeselect={false}
            error={fromMonth === toMonth ? t('copy.sameMonth') : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Checkbox
          label={t('copy.overwrite', { month: labelOf(toMonth) })}
          description={t('copy.overwriteHint')}
          checked={overwrite}
          onChange={(event) => setOverwrite(event.currentTarget.checked)}
        />
        {copy.error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {errorMessage(t, copy.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() =>
              copy.mutate(
                { fromMonth, toMonth, overwrite },
                {
                  onSuccess: (result) => {
                    notify({
                      color: result.copied > 0 ? 'green' : 'blue',
                      message:
                        result.copied + result.skipped === 0
                          ? t('copy.nothing')
                          : t('copy.done', { count: result.copied, skipped: result.skipped, month: labelOf(toMonth) }),
                    });
                    onCopied(toMonth);
                    close();
                  },
                },
              )
            }
            loading={copy.isPending}
            disabled={fromMonth === toMonth}
            data-autofocus
          >
            {t('copy.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
