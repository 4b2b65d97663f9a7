import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { leadFieldsQuery } from './api';

/** The lead custom field that holds the payment method, picked from the account's fields read live from amoCRM. */
export function PaymentFieldSelect({
  connected,
  value,
  onChange,
  error,
}: {
  connected: boolean;
  value: string | null;
  onChange: (id: string | null) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation(['sales-settings', 'errors']);
  const fields = useQuery({ ...leadFieldsQuery, enabled: connected });

  const options = useMemo(() => {
    const listed = (fields.data?.items ?? []).map((field) => ({
      value: String(field.id),
      label: t('paymentField.option', { name: field.name, type: field.type }),
    }));
    // The stored choice stays selectable while the list is unknown or no longer has it.
    if (value !== null && !listed.some((option) => option.value === value)) {
      listed.unshift({ value, label: t('paymentField.unknown', { id: value }) });
    }
    return listed;
  }, [fields.data, value, t]);

  const hint = !connected
    ? t('paymentField.connectFirst')
    : fields.isPending
      ? t('paymentField.loading')
      : t('paymentField.hint');

  return (
    <Stack gap={6}>
      <Select
        label={t('paymentField.label')}
        description={hint}
        placeholder={t('paymentField.none')}
        data={options}
        value={value}
        onChange={onChange}
        error={error}
        clearable
        searchable
        nothingFoundMessage={t('form.nothingFound')}
        comboboxProps={{ withinPortal: true }}
      />
      {fields.isError ? (
        <Group gap="xs" wrap="nowrap" align="flex-start" role="alert">
          <Text size="sm" c="var(--mantine-color-error)" style={{ flex: 1 }}>
            {t('paymentField.loadFailed', { reason: errorMessage(t, fields.error) })}
          </Text>
          <Button
            variant="default"
            size="compact-xs"
            leftSection={<IconRefresh size={12} />}
            onClick={() => void fields.refetch()}
            loading={fields.isFetching}
            style={{ flexShrink: 0 }}
          >
            {t('retry')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
