import type { User } from '@cm/contract';
import { Badge, Select } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSwitchDepartment } from '../../features/auth/session';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';

/** The current department; a switcher when the user belongs to several. Switching reloads all data. */
export function DepartmentSwitcher({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const router = useRouter();
  const mutation = useSwitchDepartment();
  const switchTo = (departmentId: string) =>
    mutation.mutate(departmentId, {
      onSuccess: async (response) => {
        await router.invalidate();
        notify({
          message: t('header.departmentSwitched', { name: response.user.currentDepartment?.name }),
        });
      },
      onError: (error) =>
        notify({
          color: 'red',
          message: errorMessage(t, error),
        }),
    });

  if (!user?.currentDepartment) return null;
  if (user.departments.length < 2) {
    return (
      <Badge variant="light" size="lg" visibleFrom="md" title={t('header.department')}>
        {user.currentDepartment.name}
      </Badge>
    );
  }
  return (
    <Select
      aria-label={t('header.switchDepartment')}
      data={user.departments.map((department) => ({ value: department.id, label: department.name }))}
      value={user.currentDepartment.id}
      onChange={(value) => value && value !== user.currentDepartment?.id && switchTo(value)}
      allowDeselect={false}
      disabled={mutation.isPending}
      w={{ base: 150, sm: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
