import type { SignedInUser } from '@cm/contract';
import { Anchor, Avatar, Badge, Card, Group, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { colleaguesQuery } from './api';

/** The "Users" tab: the other members of the current department, with what a colleague may see of them. */
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
        <Table.ScrollContainer minWidth={520}>
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
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {colleagues.data.items.map((colleague) => (
                <Table.Tr key={colleague.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={colleague.avatar} alt="" size={32} radius="xl" />
                      <Text fw={500}>{colleague.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={colleague.role === 'administrator' ? 'grape' : 'blue'}>
                      {t(`common:roles.${colleague.role}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={`mailto:${colleague.email}`} size="sm">
                      {colleague.email}
                    </Anchor>
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
