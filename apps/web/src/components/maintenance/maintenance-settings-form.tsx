import '@mantine/dates/styles.css';
import 'dayjs/locale/ru';
import { MAINTENANCE_MESSAGE_MAX_LENGTH, type MaintenanceSettings } from '@cm/contract';
import { Alert, Button, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { appInfoQuery } from '../../lib/app-info';
import { errorMessage } from '../../lib/error-message';
import { useFormatters } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useChangeMaintenance } from './api';
import { instantOfWallClock, laterBy, wallClockAt } from './expected-end';

/** The expected ends offered with one click, in minutes from now. */
const PRESET_MINUTES = [30, 60, 120, 240] as const;

/** How each interface language writes the expected end in the field. */
const VALUE_FORMATS = { en: 'MMM D, YYYY HH:mm', ru: 'DD.MM.YYYY HH:mm' } as const;

/**
 * The maintenance settings' form, in a chunk of its own: its date picker and Russian calendar are loaded when an
 * administrator opens the dialog, not with the signed-in shell that hosts the dialog.
 */
export default function SettingsForm({ saved, onDone }: { saved: MaintenanceSettings; onDone: () => void }) {
  const { t, i18n } = useTranslation(['maintenance', 'errors']);
  const language = i18n.language === 'ru' ? 'ru' : 'en';
  const format = useFormatters();
  const timeZone = useQuery(appInfoQuery).data?.timeZone;
  const [active, setActive] = useState(saved.active);
  const [message, setMessage] = useState(saved.message ?? '');
  const [expectedEnd, setExpectedEnd] = useState(saved.expectedEnd);
  const [endNotAhead, setEndNotAhead] = useState(false);
  const change = useChangeMaintenance();
  // The server checks the expected end against its own clock too; its refusal is said at the field.
  const refusedEnd =
    change.error instanceof ApiError && change.error.problem?.errors?.some(({ path }) => path === 'body.expectedEnd');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    if (active && expectedEnd !== null && Date.parse(expectedEnd) <= Date.now()) {
      setEndNotAhead(true);
      return;
    }
    change.mutate(
      // An expected end belongs to a maintenance that is on: switched off, it goes.
      { active, message, expectedEnd: active ? expectedEnd : null },
      {
        onSuccess: (after) => {
          const switched = after.active !== saved.active;
          notify({
            color: 'green',
            message: t(switched ? (after.active ? 'settings.switchedOn' : 'settings.switchedOff') : 'settings.saved'),
          });
          onDone();
        },
      },
    );
  };

  const now = new Date();
  const presets = PRESET_MINUTES.map((minutes) => ({
    value: wallClockAt(laterBy(now, minutes), timeZone),
    label: minutes < 60 ? t('settings.inMinutes', { count: minutes }) : t('settings.inHours', { count: minutes / 60 }),
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {saved.heldOnByConfiguration ? (
          <Alert color="orange" variant="light" icon={<IconLock size={18} />}>
            <Text size="sm">{t('settings.heldOn')}</Text>
          </Alert>
        ) : null}
        <Switch
          label={t('settings.active')}
          description={t('settings.activeHint')}
          checked={active}
          onChange={(event) => {
            setActive(event.currentTarget.checked);
            setEndNotAhead(false);
          }}
          data-autofocus
        />
        <Textarea
          label={t('settings.message')}
          description={t('settings.messageHint')}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          maxLength={MAINTENANCE_MESSAGE_MAX_LENGTH}
          autosize
          minRows={3}
          maxRows={8}
        />
        <DateTimePicker
          label={t('settings.expectedEnd')}
          description={[t('settings.expectedEndHint'), format.timeZoneNote].filter(Boolean).join(' ')}
          placeholder={t('settings.expectedEndEmpty')}
          value={expectedEnd === null ? null : wallClockAt(new Date(expectedEnd), timeZone)}
          onChange={(picked) => {
            setExpectedEnd(picked === null ? null : instantOfWallClock(picked, timeZone).toISOString());
            setEndNotAhead(false);
            change.reset();
          }}
          minDate={wallClockAt(now, timeZone)}
          presets={presets}
          locale={language}
          valueFormat={VALUE_FORMATS[language]}
          clearable
          // Presets, a calendar of six weeks and the time are taller than the room above or below the field in this
          // dialog on a laptop screen: as a dropdown its button to set the time fell below the window.
          dropdownType="modal"
          clearButtonProps={{ 'aria-label': t('settings.clearExpectedEnd') }}
          submitButtonProps={{ 'aria-label': t('settings.setExpectedEnd') }}
          disabled={!active}
          error={endNotAhead || refusedEnd ? t('settings.endNotAhead') : undefined}
        />
        {change.error && !refusedEnd ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            title={t('settings.failed')}
          >
            <Text size="sm">{errorMessage(t, change.error)}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            {t('settings.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
