import { Button, Group, Text } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/data-table';
import { SegmentedChoice } from '../../../components/forms/segmented-choice';
import { type PeriodSearch, rangeProblem, shownPeriod, todayIn } from '../../../components/sales-period/period';
import { PeriodControls } from '../../../components/sales-period/period-controls';
import { appInfoQuery } from '../../../lib/app-info';
import { KitExample, KitPage } from '../kit-page';
import { RussianExample } from './russian-example';

const SHOWN = ['all', 'active', 'archived'] as const;
type Shown = (typeof SHOWN)[number];

function ShownChoice({ t }: { t: TFunction }) {
  const [shown, setShown] = useState<Shown>('active');
  return (
    <SegmentedChoice<Shown>
      label={t('buttonsGroup.shown.label')}
      value={shown}
      options={SHOWN.map((value) => ({ value, label: t(`buttonsGroup.shown.${value}`) }))}
      onChange={setShown}
    />
  );
}

/** The period of a sales screen, kept here in the page instead of the address. */
function Period() {
  const { t } = useTranslation(['kit-elements', 'sales-period']);
  const timeZone = useQuery(appInfoQuery).data?.timeZone;
  const today = todayIn(timeZone);
  const [search, setSearch] = useState<PeriodSearch>({ period: 'month' });
  const shown = shownPeriod(search, today);
  const problem = shown.period && shown.kind === 'custom' ? rangeProblem(shown.period) : null;
  return (
    <PeriodControls
      shown={shown}
      today={today}
      rangeError={problem ? t(`sales-period:problem.${problem}`) : undefined}
      onChange={setSearch}
    >
      <ShownChoice t={t} />
    </PeriodControls>
  );
}

/** The actions of a list screen's header, which wrap onto a second line when the window is narrow. */
function ScreenActions({ t }: { t: TFunction }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button leftSection={<IconPlus size={16} />}>{t('buttonsGroup.actions.new')}</Button>
      <Button variant="default" leftSection={<IconFileImport size={16} />}>
        {t('buttonsGroup.actions.import')}
      </Button>
      <ExportMenu path="/components/export" filters={{}} />
    </Group>
  );
}

/** The footer of a dialog or a form: the way back first, the action last, on the right. */
function Footer({ t }: { t: TFunction }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default">{t('buttonsGroup.actions.cancel')}</Button>
      <Button>{t('buttonsGroup.actions.save')}</Button>
    </Group>
  );
}

/** The kit's groups of buttons: one choice of several, the sales screens' period, screen actions, a dialog footer. */
export default function ButtonsGroupPage() {
  const { t } = useTranslation('kit-elements');
  return (
    <KitPage
      group="elements"
      label="buttonsGroup"
      sources={[
        'components/forms/segmented-choice',
        'components/sales-period/period-controls',
        'components/data-table',
      ]}
    >
      <KitExample title={t('buttonsGroup.examples.choice')}>
        <Group>
          <ShownChoice t={t} />
        </Group>
      </KitExample>
      <KitExample title={t('buttonsGroup.examples.period')}>
        <Period />
      </KitExample>
      <KitExample title={t('buttonsGroup.examples.actions')}>
        <ScreenActions t={t} />
      </KitExample>
      <KitExample title={t('buttonsGroup.examples.footer')}>
        <Footer t={t} />
      </KitExample>
      <RussianExample>
        {(russian) => (
          <Group gap="lg" align="flex-end">
            <ShownChoice t={russian} />
            <Footer t={russian} />
          </Group>
        )}
      </RussianExample>
      <KitExample title={t('states.narrow')} narrow>
        <Text size="sm" c="dimmed" mb="xs">
          {t('buttonsGroup.narrowNote')}
        </Text>
        <Period />
      </KitExample>
    </KitPage>
  );
}
