import { Box, Skeleton } from '@mantine/core';
import i18next, { type i18n } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { loadKitWords } from '../kit-words';

/** The namespaces the charts and widgets speak besides the kit's own: theirs, the periods' and the lists' formats. */
const RUSSIAN_NAMESPACES: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  charts: () => import('../../../locales/ru/charts.json'),
  'kpi-cards': () => import('../../../locales/ru/kpi-cards.json'),
  'sales-period': () => import('../../../locales/ru/sales-period.json'),
  tables: () => import('../../../locales/ru/tables.json'),
};

let russian: Promise<i18n> | undefined;

/**
 * An i18next of its own in Russian, sharing the app's catalogues, with the words it needs added to them: the
 * interface keeps its language around it. Made once; a failed download is tried again next time.
 */
function russianI18n(): Promise<i18n> {
  if (!russian) {
    const words = Object.entries(RUSSIAN_NAMESPACES).map(async ([namespace, load]) => {
      const { default: catalogue } = await load();
      i18next.addResourceBundle('ru', namespace, catalogue, true, true);
    });
    russian = Promise.all([loadKitWords('ru'), ...words]).then(() =>
      i18next.cloneInstance({ lng: 'ru', initAsync: false }),
    );
    russian.catch(() => {
      russian = undefined;
    });
  }
  return russian;
}

/**
 * Its children in Russian whatever the interface language: the product's components write their words, numbers,
 * money and days as a Russian reader sees them (longer words, other plural forms, «1 234 567,89 ₽»).
 */
export function InRussian({ children }: { children: ReactNode }) {
  const [instance, setInstance] = useState<i18n | null>(null);
  useEffect(() => {
    let current = true;
    // A failed download leaves the placeholder in place.
    russianI18n().then(
      (ready) => current && setInstance(ready),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!instance) return <Skeleton h={120} />;
  return (
    <I18nextProvider i18n={instance}>
      <Box lang="ru">{children}</Box>
    </I18nextProvider>
  );
}
