import type { SignedInUser } from '@cm/contract';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Awards } from '../../components/award-badges';
import { LoadFailed } from '../../components/load-failed';
import { UserAvatar } from '../../components/user-avatar';
import { monthName } from '../../lib/format/months';
import { ownAwardsQuery } from './api';
import { awardsByMonth } from './awards-by-month';
import { SocialLinks } from './social-links';

/** How many of the latest months with awards the info tab shows; the Awards tab has them all. */
const RECENT_MONTHS = 3;

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

/** The "Profile info" tab: who the signed-in person is, where to find them, and a manager's latest awards. */
export function InfoTab({ user, onShowAwards }: { user: SignedInUser; onShowAwards: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const otherDepartments = user.departments.filter((department) => department.id !== user.currentDepartment?.id);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group gap="lg" wrap="nowrap" align="flex-start">
          <UserAvatar src={user.avatar} size={72} own />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{t(`common:roles.${user.role}`)}</Badge>
            </Group>
          </Stack>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" mt="lg" mb={0}>
          <Fact label={t('info.name')}>{user.name}</Fact>
          <Fact label={t('info.email')}>{user.email}</Fact>
          <Fact label={t('info.role')}>{t(`common:roles.${user.role}`)}</Fact>
          <Fact label={t('info.department')}>{user.currentDepartment?.name ?? t('info.noDepartment')}</Fact>
          {otherDepartments.length > 0 && (
            <Fact label={t('info.otherDepartments')}>
              {otherDepartments.map((department) => department.name).join(', ')}
            </Fact>
          )}
          <Fact label={t('info.amoId')}>{user.amoId ?? t('info.noAmoId')}</Fact>
          <Fact label={t('info.socialProfiles')}>
            <SocialLinks profiles={user.socialProfiles} none={t('info.noSocialProfiles')} />
          </Fact>
        </SimpleGrid>
      </Card>
      {user.role === 'manager' && <RecentAwards user={user} onShowAwards={onShowAwards} />}
    </Stack>
  );
}

function RecentAwards({ user, onShowAwards }: { user: SignedInUser; onShowAwards: () => void }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const awards = useQuery({
    ...ownAwardsQuery(user.id, user.currentDepartment?.id ?? null),
    enabled: !!user.currentDepartment,
  });
  const months = awardsByMonth(awards.data ?? []).slice(0, RECENT_MONTHS);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-recent-awards">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="profile-recent-awards">
          {t('info.awards')}
        </Title>
        <Button variant="subtle" size="compact-sm" leftSection={<IconAward size={16} />} onClick={onShowAwards}>
          {t('info.allAwards')}
        </Button>
      </Group>
      {!user.currentDepartment ? (
        <Text c="dimmed">{t('awards.noDepartment')}</Text>
      ) : awards.isPending ? (
        <Skeleton height={48} aria-label={t('common:loading')} />
      ) : awards.isError ? (
        <LoadFailed title={t('awards.loadFailed')} error={awards.error} onRetry={() => void awards.refetch()} />
      ) : months.length === 0 ? (
        <Text c="dimmed">{t('awards.none')}</Text>
      ) : (
        <Stack gap="xs">
          {months.map((month) => (
            <Group key={month.month} gap="sm" wrap="nowrap">
              <Text size="sm" w={140} style={{ flexShrink: 0 }}>
                {monthName(month.month, i18n.language)}
              </Text>
              <Awards awards={month.awards.map((award) => award.code)} provisional={month.provisional} />
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
