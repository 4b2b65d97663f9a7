import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { ComponentForm } from './component-form';
import { PageHeader } from './page-header';
import { COMPONENTS_PATH } from './paths';

/** `/components/new`: workers and administrators create a component. */
export default function ComponentNewPage() {
  const { t } = useTranslation('components');
  const navigate = useNavigate();
  const title = t('form.newTitle');
  usePageTitle(title);
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={title} current={title} />
      <ComponentForm
        onSaved={(component) =>
          void navigate({ to: '/components/$componentId', params: { componentId: component.id } })
        }
        onCancel={() => void navigate({ to: COMPONENTS_PATH })}
      />
    </Stack>
  );
}
