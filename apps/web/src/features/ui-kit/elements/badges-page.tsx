import { AwardCode, MovementType } from '@cm/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Awards } from '../../../components/award-badges';
import { CodeText, WholeTable } from '../../../components/data-table';
import { DotBadge } from '../../../components/dot-badge';
import { MovementTypeBadge, MovementTypeCell } from '../../../components/movements/display';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

/** As the users list keeps a badge beside a name that wraps: whole, never squeezed. */
const BESIDE_TEXT = { flexShrink: 0, minWidth: 'max-content' } as const;

/** Badges that label a thing as the screens configure Mantine's: each colour keeps to its meaning. */
function Labels({ t }: { t: TFunction }) {
  return (
    <Group gap="sm">
      <Badge variant="light" size="sm" style={BESIDE_TEXT}>
        {t('badges.labels.you')}
      </Badge>
      <Badge color="gray" variant="light" size="sm">
        {t('badges.labels.archived')}
      </Badge>
      <Badge color="gray" variant="filled">
        {t('badges.labels.archived')}
      </Badge>
      <Badge color="gray" variant="light" size="sm">
        {t('badges.labels.components', { count: 12 })}
      </Badge>
      <Badge color="gray" variant="outline">
        {t('badges.labels.provisional')}
      </Badge>
      <Badge color="grape" variant="light">
        {t('badges.labels.administrator')}
      </Badge>
      <Badge color="blue" variant="light">
        {t('badges.labels.worker')}
      </Badge>
    </Group>
  );
}

type SampleMovement = { sku: string; type: MovementType; reversedById: string | null; reversalOfNumber: number | null };

const SAMPLE_MOVEMENTS: SampleMovement[] = [
  { sku: 'CAP-0402-100N-X7R-50V', type: 'receipt', reversedById: 'r1', reversalOfNumber: null },
  { sku: 'RES-0603-10K-1%', type: 'reversal', reversedById: null, reversalOfNumber: 1042 },
  { sku: 'IC-STM32F103C8T6', type: 'transfer', reversedById: null, reversalOfNumber: null },
];

/** The kit's badges: kinds and states (dot badges), labels, awards, and how they behave in a narrow table. */
export default function BadgesPage() {
  const { t } = useTranslation('kit-elements');
  return (
    <KitPage
      group="elements"
      label="badges"
      sources={[
        'components/dot-badge',
        'components/movements/display',
        'components/award-badges',
        '@mantine/core Badge',
      ]}
    >
      <KitExample title={t('badges.examples.kinds')}>
        <Group gap="md">
          {MovementType.options.map((type) => (
            <MovementTypeBadge key={type} type={type} />
          ))}
        </Group>
      </KitExample>
      <KitExample title={t('badges.examples.reversal')}>
        <Group gap="xl" align="flex-start">
          <MovementTypeCell movement={{ type: 'receipt', reversedById: 'reversal', reversalOfNumber: null }} />
          <MovementTypeCell movement={{ type: 'reversal', reversedById: null, reversalOfNumber: 1042 }} />
        </Group>
      </KitExample>
      <KitExample title={t('badges.examples.labels')}>
        <Labels t={t} />
      </KitExample>
      <KitExample title={t('badges.examples.awards')}>
        <Stack gap="sm">
          <Group gap="sm">
            <Text size="sm" w={140}>
              {t('badges.awards.closed')}
            </Text>
            <Awards awards={AwardCode.options} provisional={false} />
          </Group>
          <Group gap="sm">
            <Text size="sm" w={140}>
              {t('badges.awards.open')}
            </Text>
            <Awards awards={AwardCode.options} provisional />
          </Group>
        </Stack>
      </KitExample>
      <KitExample title={t('states.longText')}>
        <Group gap="sm">
          <DotBadge color="orange">{t('badges.long')}</DotBadge>
          <Badge color="gray" variant="light" maw={260}>
            {t('badges.long')}
          </Badge>
        </Group>
      </KitExample>
      <RussianExample>{(russian) => <Labels t={russian} />}</RussianExample>
      <KitExample title={t('badges.examples.narrowTable')} narrow>
        <WholeTable<SampleMovement>
          label={t('badges.table.label')}
          rows={SAMPLE_MOVEMENTS}
          columns={[
            { key: 'sku', title: t('badges.table.sku'), render: (movement) => <CodeText>{movement.sku}</CodeText> },
            {
              key: 'type',
              title: t('badges.table.type'),
              render: (movement) => <MovementTypeCell movement={movement} />,
            },
          ]}
        />
      </KitExample>
    </KitPage>
  );
}
