import { Box, Skeleton } from '@mantine/core';
import i18next, { type TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KitExample } from '../kit-page';
import { loadKitWords } from '../kit-words';

/** The Russian words of the kit's elements whatever the interface language; null until they have arrived. */
function useRussianWords(): TFunction | null {
  const [ready, setReady] = useState(() => i18next.hasResourceBundle('ru', 'kit-elements'));
  useEffect(() => {
    // A failed download leaves the example's placeholder in place; the next visit asks again (loadKitWords).
    if (!ready)
      loadKitWords('ru').then(
        () => setReady(true),
        () => undefined,
      );
  }, [ready]);
  return useMemo(() => (ready ? i18next.getFixedT('ru', 'kit-elements') : null), [ready]);
}

/**
 * An example in Russian in either interface language, `children` given the Russian words of the page: Russian words
 * run longer and plural differently, and a building block must take them as well as English.
 */
export function RussianExample({
  narrow,
  children,
}: {
  narrow?: boolean;
  children: (russian: TFunction) => ReactNode;
}) {
  const { t } = useTranslation('kit-elements');
  const russian = useRussianWords();
  return (
    <KitExample title={t('states.russian')} narrow={narrow}>
      <Box lang="ru">{russian ? children(russian) : <Skeleton h={36} />}</Box>
    </KitExample>
  );
}
