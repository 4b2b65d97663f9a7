// The charts' styles and code (recharts) come with the screens that draw charts only (ADR 0023).
import '@mantine/charts/styles.css';
import {
  ColorSwatch,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  type TitleOrder,
  VisuallyHidden,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './charts.module.css';

/** A theme colour as the charts name it ("teal.6") as CSS, for what is drawn outside the chart (a tooltip's dot). */
export function cssColor(color: string): string {
  const [name, shade] = color.split('.');
  return shade ? `var(--mantine-color-${name}-${shade})` : `var(--mantine-color-${name}-filled)`;
}

export type TooltipRow = { key: string; color?: string; name: string; value: string };

/**
 * A chart's tooltip that words each figure in its own way (money beside a count), which Mantine's, with one value
 * formatter for every series, cannot.
 */
export function FiguresTooltip({ label, rows }: { label: ReactNode; rows: TooltipRow[] }) {
  return (
    <Paper shadow="md" radius="md" px="sm" py={8} withBorder miw={180}>
      <Text size="sm" fw={600} mb={4}>
        {label}
      </Text>
      <Stack gap={2}>
        {rows.map((row) => (
          <Group key={row.key} justify="space-between" gap="md" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              {row.color ? <ColorSwatch color={cssColor(row.color)} size={10} withShadow={false} /> : null}
              <Text size="sm" c="dimmed">
                {row.name}
              </Text>
            </Group>
            <Text size="sm" fw={500} className={classes.figure}>
              {row.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The data point under a chart's pointer, as recharts hands it to a tooltip. */
function pointOf<Point>(payload: readonly { payload?: unknown }[] | undefined): Point | undefined {
  return payload?.[0]?.payload as Point | undefined;
}

/** A chart's `tooltipProps`: the figures of the point under the pointer, as `figures` words them. */
export function figuresTooltip<Point>(figures: (point: Point) => { label: ReactNode; rows: TooltipRow[] }) {
  return {
    content: ({ payload }: { payload?: readonly { payload?: unknown }[] }) => {
      const point = pointOf<Point>(payload);
      return point ? <FiguresTooltip {...figures(point)} /> : null;
    },
  };
}

/**
 * A chart in its card above the table of the same figures (each report's): a title, what it shows, and the drawing, or
 * its shape while its figures are read, or why there is nothing to draw. The drawing is a figure named by the title
 * and described in words (`summary`), the figures a screen reader cannot read off the bars.
 */
export function ChartCard({
  title,
  description,
  summary,
  query,
  empty,
  height = 300,
  titleOrder = 2,
  children,
}: {
  title: string;
  description?: string;
  summary: string;
  /**
   * The query of the figures: the shape while its first figures are read; the figures shown are the last parameters'
   * while the new ones are read (placeholder data), dimmed until they arrive.
   */
  query: { data: unknown; isPlaceholderData: boolean };
  empty: boolean;
  height?: number;
  /** The title's level in the page's outline: a section of the screen by default. */
  titleOrder?: TitleOrder;
  children: ReactNode;
}) {
  const { t } = useTranslation('charts');
  const titleId = useId();
  const summaryId = useId();
  const stale = query.isPlaceholderData;
  let body: ReactNode;
  if (!query.data) body = <Skeleton height={height} radius="md" />;
  else if (empty)
    body = (
      <EmptyState icon={<IconChartBar size={28} />} withIndicatorBackground description={t('card.empty')} py="md" />
    );
  else
    body = (
      <figure
        aria-labelledby={titleId}
        aria-describedby={summaryId}
        aria-busy={stale}
        className={stale ? `${classes.chart} ${classes.stale}` : classes.chart}
      >
        {children}
        <VisuallyHidden component="p" id={summaryId}>
          {`${summary} ${t('card.tableHolds')}`}
        </VisuallyHidden>
      </figure>
    );
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <div>
          <Title order={titleOrder} size="h4" id={titleId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {body}
      </Stack>
    </Paper>
  );
}
