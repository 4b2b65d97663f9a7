import type { Award, SignedInUser } from '@cm/contract';
import { Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { awardLook } from '../../components/award-badges';
import { LoadFailed } from '../../components/load-failed';
import { monthName } from '../../lib/format/months';
import { ownAwardsQuery } from './api';
import { awardsByMonth } from './awards-by-month';

/** The "Awards" tab (managers): their awards of the last twelve months by month, each with what earned it. */
export function AwardsTab({ user }: { user: SignedInUser }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const departmentId = user.currentDepartment?.id ?? null;
  const awards = useQuery({ ...ownAwardsQuery(user.id, departmentId), enabled: departmentId !== null });

  if (departmentId === null) return <Text c="dimmed">{t('awards.noDepartment')}</Text>;
  if (awards.isPending) return <Skeleton height={200} radius="md" aria-label={t('common:loading')} />;
  if (awards.isError) {
    return <LoadFailed title={t('awards.loadFailed')} error={awards.error} onRetry={() => void awards.refetch()} />;
  }
  const months = awardsByMonth(awards.data);

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('awards.intro', { department: user.currentDepartment?.name })}
      </Text>
      {months.length === 0 && (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed">{t('awards.none')}</Text>
        </Card>
      )}
      {months.map((month) => {
        const headingId = `profile-awards-${month.month}`;
        return (
          <Card key={month.month} withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
            <Group gap="sm" mb="sm">
              <Title order={2} size="h4" id={headingId}>
                {monthName(month.month, i18n.language)}
              </Title>
              {month.provisional && (
                <Badge variant="outline" color="gray" title={t('awards.provisionalHint')}>
                  {t('awards.provisional')}
                </Badge>
              )}
            </Group>
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {month.awards.map((award) => (
                <AwardItem key={award.code} award={award} />
              ))}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

function AwardItem({ award }: { award: Award }) {
  const { t } = useTranslation(['profile', 'domain']);
  const { icon: Icon, color } = awardLook(award.code);
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={32} radius="xl" color={color} variant={award.provisional ? 'outline' : 'light'} aria-hidden>
        <Icon size={18} />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600}>{t(`domain:awards.${award.code}`)}</Text>
        <Text size="sm" c="dimmed">
          {t(`awards.earnedBy.${award.code}`, { count: award.streakMonths ?? 3 })}
        </Text>
      </Stack>
    </Group>
  );
}
