import { Anchor, Breadcrumbs, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

const SKU = 'CAP-0402-100N';

/**
 * The trail above a component screen's title, configured as the components feature's page header does: the list as a
 * link, the screen itself as the current page, in the body's dimmed colour and never underlined.
 */
function Trail({ t, current, title }: { t: TFunction; current?: string; title: string }) {
  return (
    <Stack gap={6}>
      <Breadcrumbs aria-label={t('breadcrumbs.label')} separatorMargin={6}>
        <Anchor component={Link} to="/components" size="sm">
          {t('breadcrumbs.list')}
        </Anchor>
        {current && (
          <Anchor component="span" size="sm" c="dimmed" aria-current="page" underline="never">
            {current}
          </Anchor>
        )}
      </Breadcrumbs>
      {/* The screen's h1 in size; a heading of the example here, under the page's own. */}
      <Title order={3} size="h1" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
    </Stack>
  );
}

/** The kit's breadcrumbs: the component screens' trail back to their list. */
export default function BreadcrumbsPage() {
  const { t } = useTranslation('kit-elements');
  return (
    <KitPage
      group="elements"
      label="breadcrumbs"
      sources={['@mantine/core Breadcrumbs', 'features/components/page-header']}
    >
      <KitExample title={t('breadcrumbs.examples.detail')}>
        <Trail t={t} current={SKU} title={t('breadcrumbs.sample.name')} />
      </KitExample>
      <KitExample title={t('breadcrumbs.examples.edit')}>
        <Trail
          t={t}
          current={t('breadcrumbs.sample.edit', { sku: SKU })}
          title={t('breadcrumbs.sample.edit', { sku: SKU })}
        />
      </KitExample>
      <KitExample title={t('breadcrumbs.examples.new')}>
        <Trail t={t} current={t('breadcrumbs.sample.new')} title={t('breadcrumbs.sample.new')} />
      </KitExample>
      <KitExample title={t('states.longText')}>
        <Trail t={t} current={t('breadcrumbs.sample.longName')} title={t('breadcrumbs.sample.longName')} />
      </KitExample>
      <RussianExample>
        {(russian) => (
          <Trail
            t={russian}
            current={russian('breadcrumbs.sample.edit', { sku: SKU })}
            title={russian('breadcrumbs.sample.edit', { sku: SKU })}
          />
        )}
      </RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <Trail t={t} current={t('breadcrumbs.sample.longName')} title={t('breadcrumbs.sample.longName')} />
      </KitExample>
    </KitPage>
  );
}
