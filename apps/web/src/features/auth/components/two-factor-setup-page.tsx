// The sign-in page's styles cover the rest; these come with the signed-in shell, which this page may open before.
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Tooltip.css';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecoveryCodesView } from '../../../components/two-factor/recovery-codes';
import { TwoFactorSetup } from '../../../components/two-factor/two-factor-setup';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/error-message';
import { signOut } from '../api';
import { safeRedirect } from '../safe-redirect';
import { useReadSignedInUserAgain } from '../session';

/**
 * `/auth/two-factor-setup`: all an administrator may do while the security policy requires two-factor sign-in they have
 * not turned on (the server refuses them everything else): turn it on, save the recovery codes, then go where they
 * were going. Signing out is offered too.
 */
export default function TwoFactorSetupPage() {
  const { t } = useTranslation(['two-factor', 'errors', 'common']);
  const router = useRouter();
  const queryClient = useQueryClient();
  const { redirect } = useSearch({ from: '/auth-layout/auth/two-factor-setup' });
  const [codes, setCodes] = useState<string[] | null>(null);
  // Turned on in another tab meanwhile: nothing is left to set up here.
  const [enabledElsewhere, setEnabledElsewhere] = useState(false);
  const goOn = useReadSignedInUserAgain();
  usePageTitle(t('setupPage.pageTitle'));

  const leave = () => {
    signOut();
    queryClient.clear();
    void router.navigate({ to: '/auth/signin' });
  };

  const done = () => {
    if (goOn.isPending) return;
    goOn.mutate(undefined, { onSuccess: () => router.history.push(safeRedirect(redirect)) });
  };

  const alreadyEnabled = () => {
    setEnabledElsewhere(true);
    done();
  };

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={560}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('setupPage.heading')}
          </Title>
          {!codes && !enabledElsewhere && (
            <Text c="dimmed" size="sm" mt={4}>
              {t('setupPage.intro')}
            </Text>
          )}
        </div>
        {codes ? (
          <RecoveryCodesView codes={codes} heading={t('setupPage.enabled')} onDone={done} />
        ) : enabledElsewhere ? (
          <Stack gap="md">
            <Text role="status">{t('setupPage.enabledElsewhere')}</Text>
            <Group justify="flex-end">
              <Button onClick={done} loading={goOn.isPending}>
                {t('setupPage.continue')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <TwoFactorSetup
            onEnabled={setCodes}
            onAlreadyEnabled={alreadyEnabled}
            secondary={
              <Button variant="subtle" onClick={leave}>
                {t('setupPage.signOut')}
              </Button>
            }
          />
        )}
        {goOn.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(t, goOn.error)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
