import { Anchor, Code, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeText } from '../../../components/data-table';
import { MarkdownView } from '../../../components/markdown';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

/**
 * The scale of headings, each in the size of its level on a screen. They are headings of this example, a level under
 * its own, so that the page keeps one h1 and no level is skipped.
 */
const HEADING_SIZES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

function Headings() {
  const { t } = useTranslation('kit-elements');
  return (
    <Stack gap="xs">
      {HEADING_SIZES.map((size, index) => (
        <Title key={size} order={Math.max(3, index + 1) as 3 | 4 | 5 | 6} size={size}>
          {t(`typography.headings.${size}`)}
        </Title>
      ))}
    </Stack>
  );
}

function BodyText() {
  const { t } = useTranslation('kit-elements');
  return (
    <Stack gap="xs">
      <Text>{t('typography.body.md')}</Text>
      <Text size="sm">{t('typography.body.sm')}</Text>
      <Text size="xs" c="dimmed">
        {t('typography.body.xs')}
      </Text>
      <Text size="sm" fw={500}>
        {t('typography.body.medium')}
      </Text>
      <Text size="sm" fw={600}>
        {t('typography.body.strong')}
      </Text>
      <Text size="sm">
        {t('typography.body.link')}{' '}
        <Anchor component={Link} to="/components" underline="always">
          {t('typography.body.linkText')}
        </Anchor>
      </Text>
    </Stack>
  );
}

/** Figures as lib/format writes them in the interface language, and codes that wrap only between their parts. */
function Figures() {
  const { t } = useTranslation('kit-elements');
  const format = useFormatters();
  const now = useMemo(() => new Date().toISOString(), []);
  const rows = [
    { what: t('typography.figures.money'), shown: format.money(123_456_789) },
    { what: t('typography.figures.quantity'), shown: format.quantity('1234.5', 'm') },
    { what: t('typography.figures.count'), shown: format.quantity('12000', 'pcs') },
    { what: t('typography.figures.percent'), shown: format.percent('112.50') },
    { what: t('typography.figures.dateTime'), shown: format.dateTime(now) },
    { what: t('typography.figures.code'), shown: <CodeText>CAP-0402-100N-X7R-50V</CodeText> },
    { what: t('typography.figures.inlineCode'), shown: <Code>DEV_MODE=true</Code> },
  ];
  return (
    <Table>
      <Table.Tbody>
        {rows.map(({ what, shown }) => (
          <Table.Tr key={what}>
            <Table.Th scope="row" fw={500}>
              {what}
            </Table.Th>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{shown}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The kit's typography: headings, body text, figures, and user-written markdown as the product renders it. */
export default function TypographyPage() {
  const { t } = useTranslation('kit-elements');
  return (
    <KitPage
      group="elements"
      label="typography"
      sources={[
        '@mantine/core Title, Text',
        'components/markdown (MarkdownView)',
        'lib/format',
        'components/data-table (CodeText)',
      ]}
    >
      <KitExample title={t('typography.examples.headings')}>
        <Headings />
      </KitExample>
      <KitExample title={t('typography.examples.body')}>
        <BodyText />
      </KitExample>
      <KitExample title={t('typography.examples.figures')}>
        <Figures />
      </KitExample>
      <KitExample title={t('typography.examples.markdown')}>
        <MarkdownView source={t('typography.markdown')} />
      </KitExample>
      <KitExample title={t('typography.examples.unsafe')}>
        <MarkdownView source={t('typography.unsafe')} />
      </KitExample>
      <KitExample title={t('states.longText')}>
        <MarkdownView source={t('typography.long')} />
      </KitExample>
      <RussianExample>{(russian) => <MarkdownView source={russian('typography.markdown')} />}</RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <MarkdownView source={t('typography.markdown')} />
      </KitExample>
    </KitPage>
  );
}
