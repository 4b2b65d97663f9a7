import { Anchor, Breadcrumbs, Group, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPONENTS_PATH } from './paths';

export type PageHeaderProps = {
  title: ReactNode;
  /** Under the title: badges, a subtitle. */
  below?: ReactNode;
  /** Buttons on the right (below the title on narrow screens). */
  actions?: ReactNode;
  /** Shows "Components ›" above the title, linking back to the list. */
  withBreadcrumbs?: boolean;
  current?: string;
};

/** Title row of the component screens: breadcrumbs back to the list, the h1, and the screen's actions. */
export function PageHeader({ title, below, actions, withBreadcrumbs = true, current }: PageHeaderProps) {
  const { t } = useTranslation('components');
  return (
    <Stack gap={6}>
      {withBreadcrumbs && (
        <Breadcrumbs aria-label={t('breadcrumbs')} separatorMargin={6}>
          <Anchor component={Link} to={COMPONENTS_PATH} size="sm">
            {t('title')}
          </Anchor>
          {current && (
            <Anchor component="span" size="sm" c="dimmed" aria-current="page" underline="never">
              {current}
            </Anchor>
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 460px' }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {below}
        </Stack>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
