import { Alert, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { ApiError } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/current-user';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

/** A fact of a card, as the profile lists them: its name above it, dimmed; a long value wraps anywhere. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** A section of a screen in a bordered card, named by its heading. */
function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Facts({ t, facts }: { t: TFunction; facts: { label: string; value: string }[] }) {
  return (
    <InfoCard title={t('infobox.card.title')}>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" m={0}>
        {facts.map(({ label, value }) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
      </SimpleGrid>
    </InfoCard>
  );
}

function Notes({ t }: { t: TFunction }) {
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t('infobox.note.title')}>
        {t('infobox.note.message')}
      </Alert>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} p="sm">
        {t('infobox.note.hint')}
      </Alert>
    </Stack>
  );
}

/** The kit's information boxes: notes within a screen, and cards of facts with their loading, failed and empty states. */
export default function InfoboxPage() {
  const { t } = useTranslation(['kit-elements', 'common']);
  const user = useQuery(currentUserQuery).data;
  const [retries, setRetries] = useState(0);
  const facts = (words: TFunction) => [
    { label: words('infobox.card.name'), value: user?.name ?? '' },
    { label: words('infobox.card.email'), value: user?.email ?? '' },
    { label: words('infobox.card.department'), value: user?.currentDepartment?.name ?? words('infobox.card.none') },
    { label: words('infobox.card.amoId'), value: user?.amoId ? String(user.amoId) : words('infobox.card.none') },
  ];
  return (
    <KitPage group="elements" label="infobox" sources={['@mantine/core Alert, Card', 'components/load-failed']}>
      <KitExample title={t('infobox.examples.note')}>
        <Notes t={t} />
      </KitExample>
      <KitExample title={t('infobox.examples.card')}>
        <Facts t={t} facts={facts(t)} />
      </KitExample>
      <KitExample title={t('states.loading')}>
        <InfoCard title={t('infobox.card.awards')}>
          <Skeleton height={48} role="status" aria-label={t('common:loading')} />
        </InfoCard>
      </KitExample>
      <KitExample title={t('states.error')}>
        <InfoCard title={t('infobox.card.awards')}>
          <LoadFailed
            title={t('infobox.card.loadFailed')}
            error={new ApiError(503, 'SERVICE_UNAVAILABLE')}
            onRetry={() => setRetries((count) => count + 1)}
          />
          <Text size="sm" c="dimmed" ta="center" aria-live="polite">
            {t('infobox.retried', { count: retries })}
          </Text>
        </InfoCard>
      </KitExample>
      <KitExample title={t('states.empty')}>
        <InfoCard title={t('infobox.card.awards')}>
          <Text c="dimmed">{t('infobox.card.noAwards')}</Text>
        </InfoCard>
      </KitExample>
      <KitExample title={t('states.longText')}>
        <Facts
          t={t}
          facts={[
            { label: t('infobox.card.department'), value: t('infobox.long.department') },
            { label: t('infobox.card.email'), value: 'konstantin.konstantinopolsky@production-department.example.com' },
          ]}
        />
      </KitExample>
      <RussianExample>{(russian) => <Notes t={russian} />}</RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <Facts t={t} facts={facts(t)} />
      </KitExample>
    </KitPage>
  );
}
