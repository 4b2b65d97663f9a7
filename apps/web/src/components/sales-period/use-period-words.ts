import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type PeriodWords, periodWords } from './period-words';

/** The sales screens' periods and days in words of the interface language. */
export function usePeriodWords(): PeriodWords {
  const { t, i18n } = useTranslation('sales-period');
  const language = i18n.language;
  return useMemo(() => periodWords(language, (quarter) => t('quarter', quarter)), [language, t]);
}
