import { TierMode } from '@cm/contract';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How the scheme counts its levels, as cards that each say what the mode pays. */
export function TierModeField({
  name,
  value,
  error,
  onChange,
}: {
  /** The radio group's name, one per form on the page. */
  name: string;
  value: TierMode;
  error: string | undefined;
  onChange: (mode: TierMode) => void;
}) {
  const { t } = useTranslation('sales-settings');
  return (
    <Radio.Group
      label={t('bonusSchemes.tierMode')}
      name={name}
      value={value}
      onChange={(mode) => onChange(mode as TierMode)}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
        {TierMode.options.map((mode) => (
          <Radio.Card key={mode} value={mode} radius="md" p="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {t(`domain:tierModes.${mode}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`bonusSchemes.tierModeHints.${mode}`)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
