import type { Component } from '@cm/contract';
import { Anchor, Grid, Image, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeTable } from '../../components/data-table';
import { MarkdownView } from '../../components/markdown/markdown-view';
import { useFormatters } from '../../lib/format';
import { DetailSection } from './detail-section';

const DASH = (
  <Text span c="dimmed">
    —
  </Text>
);

/** A text field as shown: a dash when it is empty. */
function textOrDash(value: string): ReactNode {
  return value.trim() === '' ? DASH : value;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The component's fields, its datasheet link and its picture beside them. */
export function ComponentOverview({ component }: { component: Component }) {
  const { t } = useTranslation('components');
  const format = useFormatters();
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: component.imageId ? 8 : 12 }}>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" h="100%">
          <Title order={2} size="h4" mb="md">
            {t('detail.overview')}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" verticalSpacing="md" m={0}>
            <Field label={t('fields.category')}>{component.categoryPath ?? DASH}</Field>
            <Field label={t('fields.manufacturer')}>{textOrDash(component.manufacturer)}</Field>
            <Field label={t('fields.manufacturerPartNumber')}>{textOrDash(component.manufacturerPartNumber)}</Field>
            <Field label={t('fields.package')}>{textOrDash(component.package)}</Field>
            <Field label={t('fields.unit')}>{t(`domain:unitNames.${component.unit}`)}</Field>
            <Field label={t('fields.minimumStock')}>{format.quantity(component.minimumStock, component.unit)}</Field>
            <Field label={t('fields.defaultUnitCost')}>{format.money(component.defaultUnitCostMinor)}</Field>
            <Field label={t('fields.datasheetUrl')}>
              {component.datasheetUrl ? (
                <Anchor href={component.datasheetUrl} target="_blank" rel="noopener noreferrer nofollow" inherit>
                  {t('detail.openDatasheet')} <IconExternalLink size={14} style={{ verticalAlign: '-2px' }} />
                </Anchor>
              ) : (
                DASH
              )}
            </Field>
            <Field label={t('detail.updatedAt')}>{format.dateTime(component.updatedAt)}</Field>
          </SimpleGrid>
        </Paper>
      </Grid.Col>
      {component.imageId && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md" h="100%">
            <Image
              src={`/api/images/${component.imageId}`}
              alt={t('detail.imageAlt', { name: component.name })}
              fit="contain"
              mah={260}
              radius="sm"
            />
          </Paper>
        </Grid.Col>
      )}
    </Grid>
  );
}

/** The component's parameters, a few name–value pairs read whole. */
export function ComponentParameters({ component }: { component: Component }) {
  const { t } = useTranslation('components');
  return (
    <DetailSection title={t('detail.parameters')}>
      {component.parameters.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('detail.noParameters')}
        </Text>
      ) : (
        <WholeTable<Component['parameters'][number]>
          label={t('detail.parameters')}
          rows={component.parameters}
          columns={[
            { key: 'name', title: t('form.parameterName'), render: (parameter) => parameter.name },
            {
              key: 'value',
              title: t('form.parameterValue'),
              render: (parameter) => (parameter.unit ? `${parameter.value} ${parameter.unit}` : parameter.value),
            },
          ]}
        />
      )}
    </DetailSection>
  );
}

/** The component's description, markdown rendered and sanitised. */
export function ComponentDescription({ component }: { component: Component }) {
  const { t } = useTranslation('components');
  return (
    <DetailSection title={t('fields.description')}>
      {component.description.trim() === '' ? (
        <Text c="dimmed" size="sm">
          {t('detail.noDescription')}
        </Text>
      ) : (
        <MarkdownView source={component.description} data-testid="component-description" />
      )}
    </DetailSection>
  );
}
