import { Alert, Anchor, Box, Button, Loader, Popover, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconShield, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { securityPolicyQuery, useChangeSecurityPolicy } from './api';

/**
 * The company's security policy in the Users screen's header: a button that opens its switch, so that the list keeps
 * its height for a setting changed rarely. The server refuses to require two-factor sign-in of every administrator
 * while the one turning it on goes without it.
 */
export function SecurityPolicyControl() {
  const { t } = useTranslation(['users', 'errors']);
  const policy = useQuery(securityPolicyQuery);
  const change = useChangeSecurityPolicy();
  // While the change is on its way the switch already shows it; a refusal puts it back.
  const required = change.isPending
    ? change.variables.requireTwoFactorForAdministrators
    : (policy.data?.requireTwoFactorForAdministrators ?? false);
  const ownTwoFactorOff = change.error instanceof ApiError && change.error.code === 'TWO_FACTOR_NOT_ENABLED';

  const toggle = (requireTwoFactorForAdministrators: boolean) => {
    // A second press while the first is on its way would race it; the switch keeps the focus meanwhile.
    if (change.isPending) return;
    change.mutate(
      { requireTwoFactorForAdministrators },
      {
        onSuccess: (saved) =>
          notify({
            color: 'green',
            message: t(saved.requireTwoFactorForAdministrators ? 'policy.turnedOn' : 'policy.turnedOff'),
          }),
      },
    );
  };

  return (
    <Popover
      position="bottom-end"
      width={380}
      shadow="md"
      withArrow
      trapFocus
      returnFocus
      onClose={() => {
        if (!change.isPending) change.reset();
      }}
    >
      <Popover.Target>
        {/* Narrow screens show the shield alone, so that the header's buttons keep to one line in Russian too. */}
        <Button
          variant="default"
          aria-label={t('policy.title')}
          title={t('policy.title')}
          leftSection={
            policy.data?.requireTwoFactorForAdministrators ? (
              <IconShieldCheck size={16} color="var(--mantine-color-teal-filled)" />
            ) : (
              <IconShield size={16} />
            )
          }
          rightSection={<IconChevronDown size={14} />}
        >
          <Box component="span" visibleFrom="md">
            {t('policy.title')}
          </Box>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t('policy.title')}
          </Text>
          {policy.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              <Text size="sm">{errorMessage(t, policy.error)}</Text>
              <Button variant="default" size="xs" mt="xs" onClick={() => policy.refetch()} loading={policy.isFetching}>
                {t('policy.retry')}
              </Button>
            </Alert>
          ) : policy.isPending ? (
            <Skeleton height={44} role="status" aria-label={t('policy.loading')} />
          ) : (
            <Switch
              label={t('policy.requireForAdministrators')}
              description={t('policy.description')}
              checked={required}
              onChange={(event) => toggle(event.currentTarget.checked)}
              aria-busy={change.isPending}
              thumbIcon={change.isPending ? <Loader size={10} color="gray" /> : undefined}
              data-autofocus
            />
          )}
          {change.error ? (
            <Alert
              color="red"
              variant="light"
              icon={ownTwoFactorOff ? <IconShieldLock size={18} /> : <IconAlertTriangle size={18} />}
              role="alert"
              title={t('policy.failed')}
            >
              {ownTwoFactorOff ? (
                <Text size="sm">
                  {t('policy.ownTwoFactorOff')}{' '}
                  {/* The router is built from the table of screens, so it types no screen's search: the tab is the profile's. */}
                  <Anchor
                    component={Link}
                    to="/profile"
                    search={{ tab: 'security' } as never}
                    underline="always"
                    // The alert's own colour: a link's blue on its pink falls short of the contrast text needs.
                    c="inherit"
                    fw={600}
                  >
                    {t('policy.openSecurity')}
                  </Anchor>
                </Text>
              ) : (
                <Text size="sm">{errorMessage(t, change.error)}</Text>
              )}
            </Alert>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
