import type { BonusSchemeVersion, ManagementType } from '@cm/contract';
import { Button, EmptyState, Grid, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconCoins, IconLock } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monthName, useFormatters } from '../../lib/format';
import { BonusSchemeDeleteModal } from './bonus-scheme-delete-modal';
import { BonusSchemeForm } from './bonus-scheme-form';
import { BonusSchemeStatusBadge, BonusSchemeTerms } from './bonus-scheme-terms';
import { versionInEffect, versionStatus } from './bonus-scheme-versions';

/** What the section shows in place of the terms: the form, editing a version or creating one. */
type Editor = { mode: 'edit'; version: BonusSchemeVersion } | { mode: 'create' } | null;

/**
 * One management type's scheme: its versions, newest month first, and the terms of the one picked (the one in
 * effect to begin with); a version is edited, or a new one created, in place of the terms.
 */
export function BonusSchemeSection({
  managementType,
  versions,
  thisMonth,
  onDirtyChange,
}: {
  managementType: ManagementType;
  versions: BonusSchemeVersion[];
  thisMonth: string;
  onDirtyChange: (type: ManagementType, dirty: boolean) => void;
}) {
  const { t, i18n } = useTranslation('sales-settings');
  const format = useFormatters();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [editor, setEditor] = useState<Editor>(null);
  const [deleting, setDeleting] = useState<BonusSchemeVersion | null>(null);
  const deleted = useRef(false);

  // The picked version, while it exists; else the one in effect now, else the newest (all are in the future).
  const selected =
    versions.find((version) => version.effectiveFrom === picked) ??
    versionInEffect(versions, thisMonth) ??
    versions[0] ??
    null;

  const dirtyChange = useCallback(
    (dirty: boolean) => onDirtyChange(managementType, dirty),
    [onDirtyChange, managementType],
  );
  useEffect(() => {
    if (!editor) dirtyChange(false);
  }, [editor, dirtyChange]);

  // The form's buttons are gone once it closes, and so were the buttons that opened it while it was open: the
  // focus goes back to the button that opened it (`data-action`), or to the version just saved.
  const sectionRef = useRef<HTMLElement>(null);
  const focusAfterClose = useRef('');
  useEffect(() => {
    if (editor !== null || focusAfterClose.current === '') return;
    const target = sectionRef.current?.querySelector<HTMLElement>(focusAfterClose.current) ?? headingRef.current;
    focusAfterClose.current = '';
    target?.focus();
  }, [editor]);
  const open = (next: Editor, returnTo: string) => {
    focusAfterClose.current = returnTo;
    setEditor(next);
  };

  const typeName = t(`domain:managementTypes.${managementType}`);

  return (
    <Paper
      ref={sectionRef}
      component="section"
      aria-labelledby={headingId}
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
            <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              {typeName}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`bonusSchemes.typeHint.${managementType}`)}
            </Text>
          </Stack>
          {editor === null && versions.length > 0 ? (
            <Button
              variant="light"
              leftSection={<IconCalendarPlus size={16} />}
              onClick={() => open({ mode: 'create' }, '[data-action="new-version"]')}
              data-action="new-version"
              aria-label={t('bonusSchemes.newVersionOf', { type: typeName })}
            >
              {t('bonusSchemes.newVersion')}
            </Button>
          ) : null}
        </Group>

        {editor ? (
          <BonusSchemeForm
            managementType={managementType}
            versions={versions}
            thisMonth={thisMonth}
            editing={editor.mode === 'edit' ? editor.version : null}
            onDirtyChange={dirtyChange}
            onCancel={() => setEditor(null)}
            onSaved={(saved) => {
              setPicked(saved.effectiveFrom);
              focusAfterClose.current = `[data-month="${saved.effectiveFrom}"]`;
              setEditor(null);
            }}
          />
        ) : versions.length === 0 || !selected ? (
          <EmptyState
            icon={<IconCoins size={28} />}
            withIndicatorBackground
            title={t('bonusSchemes.empty')}
            description={t('bonusSchemes.emptyHint')}
            py="lg"
          >
            <EmptyState.Actions>
              <Button
                leftSection={<IconCalendarPlus size={16} />}
                onClick={() => open({ mode: 'create' }, '[data-action="create"]')}
                data-action="create"
              >
                {t('bonusSchemes.create')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Radio.Group
                label={t('bonusSchemes.versions')}
                name={`bonus-scheme-versions-${managementType}`}
                value={selected.effectiveFrom}
                onChange={setPicked}
              >
                <Stack gap="xs" mt="xs">
                  {versions.map((version) => (
                    <Radio.Card
                      key={version.effectiveFrom}
                      value={version.effectiveFrom}
                      data-month={version.effectiveFrom}
                      radius="md"
                      p="sm"
                    >
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator mt={2} />
                        <Stack gap={4} style={{ minWidth: 0 }}>
                          <Group gap="xs" wrap="wrap">
                            <Text fw={600} size="sm">
                              {monthName(version.effectiveFrom, i18n.language)}
                            </Text>
                            <BonusSchemeStatusBadge
                              status={versionStatus(versions, version, thisMonth)}
                              month={version.effectiveFrom}
                            />
                          </Group>
                          {version.locked ? (
                            <Group gap={4} wrap="nowrap">
                              <IconLock size={12} aria-hidden />
                              <Text size="xs">{t('bonusSchemes.locked')}</Text>
                            </Group>
                          ) : null}
                          <Text size="xs" c="dimmed">
                            {version.updatedBy === null
                              ? t('bonusSchemes.demo')
                              : t('bonusSchemes.savedBy', {
                                  name: version.updatedBy,
                                  time: format.dateTime(version.updatedAt),
                                })}
                          </Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  ))}
                </Stack>
              </Radio.Group>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <BonusSchemeTerms
                managementType={managementType}
                version={selected}
                status={versionStatus(versions, selected, thisMonth)}
                onEdit={() => open({ mode: 'edit', version: selected }, '[data-action="edit"]')}
                onDelete={() => setDeleting(selected)}
              />
            </Grid.Col>
          </Grid>
        )}
      </Stack>

      <BonusSchemeDeleteModal
        version={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          deleted.current = true;
          setDeleting(null);
          setPicked(null);
        }}
        onExited={() => {
          // The deleted version's card and buttons are gone: the focus waits on the section's heading.
          if (deleted.current) headingRef.current?.focus();
          deleted.current = false;
        }}
      />
    </Paper>
  );
}
