import { type MantineSpacing, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A screen's shape while its data is read (`children`: the skeletons), busy, and said as loading to screen readers. */
export function ScreenSkeleton({ gap, children }: { gap: MantineSpacing; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap={gap} aria-busy="true">
      <VisuallyHidden>{t('common:loading')}</VisuallyHidden>
      {children}
    </Stack>
  );
}
