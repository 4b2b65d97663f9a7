import { TierMode } from '@cm/contract';
import { useTranslation } from 'react-i18next';
import { RadioCards } from '../../components/forms/radio-cards';

/** How the scheme counts its levels, as cards that each say what the mode pays. */
export function TierModeField({
  name,
  value,
  error,
  onChange,
}: {
  /** The radio group's name, one per form on the page. */
  name: string;
  value: TierMode;
  error: string | undefined;
  onChange: (mode: TierMode) => void;
}) {
  const { t } = useTranslation('sales-settings');
  return (
    <RadioCards<TierMode>
      label={t('bonusSchemes.tierMode')}
      name={name}
      value={value}
      options={TierMode.options.map((mode) => ({
        value: mode,
        label: t(`domain:tierModes.${mode}`),
        description: t(`bonusSchemes.tierModeHints.${mode}`),
      }))}
      error={error}
      onChange={onChange}
    />
  );
}
