import type { SignedInUser } from '@cm/contract';
import { Anchor, Badge, Card, Group, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { UserAvatar } from '../../components/user-avatar';
import { colleaguesQuery } from './api';
import { SocialLinks } from './social-links';

// A role in a narrow column may not shrink to its first letters: the social profiles column wraps instead.
const UNCLIPPED = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/**
 * The "Users" tab: the other members of the current department with what a colleague may see of them: avatar,
 * name, role, e-mail and social profiles.
 */
export function ColleaguesTab({ user }: { user: SignedInUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const departmentId = user.currentDepartment?.id ?? null;
  const colleagues = useQuery({ ...colleaguesQuery(departmentId), enabled: departmentId !== null });

  if (departmentId === null) return <Text c="dimmed">{t('colleagues.noDepartment')}</Text>;
  if (colleagues.isPending) return <Skeleton height={200} radius="md" aria-label={t('common:loading')} />;
  if (colleagues.isError) {
    return (
      <LoadFailed
        title={t('colleagues.loadFailed')}
        error={colleagues.error}
        onRetry={() => void colleagues.refetch()}
      />
    );
  }

  return (
    <Card withBorder radius="md" padding={0}>
      <Text size="sm" c="dimmed" px="md" pt="md" pb="xs">
        {t('colleagues.intro', { department: user.currentDepartment?.name, count: colleagues.data.items.length })}
      </Text>
      {colleagues.data.items.length === 0 ? (
        <Text c="dimmed" px="md" pb="md">
          {t('colleagues.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            aria-label={t('colleagues.caption', { department: user.currentDepartment?.name })}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colleagues.name')}</Table.Th>
                <Table.Th>{t('colleagues.role')}</Table.Th>
                <Table.Th>{t('colleagues.email')}</Table.Th>
                <Table.Th>{t('colleagues.socialProfiles')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {colleagues.data.items.map((colleague) => (
                <Table.Tr key={colleague.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar src={colleague.avatar} size={32} />
                      <Text fw={500}>{colleague.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={colleague.role === 'administrator' ? 'grape' : 'blue'}
                      styles={UNCLIPPED}
                    >
                      {t(`common:roles.${colleague.role}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={`mailto:${colleague.email}`} size="sm">
                      {colleague.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <SocialLinks
                      profiles={colleague.socialProfiles}
                      compact
                      none={
                        <Text size="sm" c="dimmed">
                          {t('colleagues.noSocialProfiles')}
                        </Text>
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
