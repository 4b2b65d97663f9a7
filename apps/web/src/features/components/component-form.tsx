import { type Component, IMAGE_MAX_BYTES, Unit } from '@cm/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateComponent, useUpdateComponent } from '../../components/catalogue/api';
import { categoriesQuery, categoryOptions } from '../../components/categories/api';
import { type LeaveTexts, LeaveWithoutSavingModal } from '../../components/forms/leave-without-saving';
import { useFocusFirstInvalid } from '../../components/forms/use-focus-first-invalid';
import { IMAGE_ACCEPT, imageErrorMessage, uploadImage } from '../../components/markdown/image-upload';
import { clearMarkdownDraft, MarkdownEditor } from '../../components/markdown/markdown-editor';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { moneyInputText, useCurrency } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  type ComponentFormValues,
  comparable,
  emptyValues,
  type FieldErrors,
  type FieldMessage,
  parameterRow,
  serverFieldErrors,
  toInput,
  valuesOf,
} from './form-values';

export type ComponentFormProps = {
  /** The component being edited; creates a new one when absent. */
  component?: Component;
  /** The component has movements: its ledger counts in its unit, which can then no longer change. */
  unitLocked?: boolean;
  onSaved: (component: Component) => void;
  onCancel: () => void;
};

/** Key of the autosaved description draft: one for a new component, one per component being edited. */
export function descriptionDraftKey(componentId: string | undefined): string {
  return `component-description:${componentId ?? 'new'}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * Create / edit form of a component (PRODUCT.md §4): checked with the contract's ComponentInput schema,
 * messages per field in the interface language, server refusals (SKU_TAKEN) on their field, and a question
 * before leaving with unsaved changes.
 */
export function ComponentForm({ component, unitLocked = false, onSaved, onCancel }: ComponentFormProps) {
  const { t, i18n } = useTranslation(['components', 'errors', 'markdown', 'common']);
  const { digits } = useCurrency();
  const initial = useMemo(
    () => (component ? valuesOf(component, digits, i18n.language) : emptyValues()),
    [component, digits, i18n.language],
  );
  const [values, setValues] = useState<ComponentFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [imageProgress, setImageProgress] = useState<number | null>(null);
  const [imageError, setImageError] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const savedRef = useRef(false);
  const draftKey = descriptionDraftKey(component?.id);
  const categories = useQuery(categoriesQuery);

  const dirty = comparable(values) !== comparable(initial);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current && !savedRef.current,
    enableBeforeUnload: () => dirtyRef.current && !savedRef.current,
    withResolver: true,
  });

  const create = useCreateComponent();
  const update = useUpdateComponent();
  const save = component ? update : create;

  const focusFirstInvalid = useFocusFirstInvalid(formRef, save.error);

  const set = <Key extends keyof ComponentFormValues>(key: Key, value: ComponentFormValues[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // Once submitted, the form re-checks as the user corrects it; before that, it does not nag.
    if (submitted) {
      setErrors((current) => {
        const next = { ...current };
        delete next[key];
        return next;
      });
    }
  };

  const setParameter = (index: number, patch: Partial<ComponentFormValues['parameters'][number]>) => {
    setValues((current) => ({
      ...current,
      parameters: current.parameters.map((row, at) => (at === index ? { ...row, ...patch } : row)),
    }));
    if (submitted) {
      setErrors((current) => {
        const next = { ...current };
        for (const field of Object.keys(patch)) delete next[`parameters.${index}.${field}`];
        return next;
      });
    }
  };

  const addParameter = () => {
    setValues((current) => ({ ...current, parameters: [...current.parameters, parameterRow()] }));
    // The new row's name box takes the focus.
    requestAnimationFrame(() => {
      const inputs = formRef.current?.querySelectorAll<HTMLInputElement>('[data-parameter-name]');
      inputs?.[inputs.length - 1]?.focus();
    });
  };

  const removeParameter = (index: number) => {
    setValues((current) => ({ ...current, parameters: current.parameters.filter((_, at) => at !== index) }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('parameters.'))),
    );
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setImageError(null);
    setImageProgress(0);
    try {
      const image = await uploadImage(file, setImageProgress);
      set('imageId', image.id);
    } catch (error) {
      setImageError(error);
    } finally {
      setImageProgress(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { input, errors: found } = toInput(values, digits, i18n.language);
    setErrors(found);
    if (!input) {
      focusFirstInvalid();
      return;
    }
    const callbacks = {
      onSuccess: (saved: Component) => {
        savedRef.current = true;
        clearMarkdownDraft(draftKey);
        notify({
          color: 'green',
          message: t(component ? 'form.saved' : 'form.created', { sku: saved.sku }),
        });
        onSaved(saved);
      },
      onError: (error: Error) => {
        if (error instanceof ApiError) {
          const fieldErrors = serverFieldErrors(error.code, error.problem, digits);
          if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
        }
      },
    };
    if (component) update.mutate({ id: component.id, input }, callbacks);
    else create.mutate(input, callbacks);
  };

  const message = (field: string): string | undefined => {
    const found: FieldMessage | undefined = errors[field];
    return found ? t(found.key, found.values ?? {}) : undefined;
  };

  const unitOptions = Unit.options.map((unit) => ({ value: unit, label: t(`domain:unitNames.${unit}`) }));
  const categoryData = categoryOptions(categories.data ?? []);
  const hasErrors = Object.keys(errors).length > 0;
  const otherError =
    save.error &&
    !(
      save.error instanceof ApiError &&
      Object.keys(serverFieldErrors(save.error.code, save.error.problem, digits)).length > 0
    )
      ? save.error
      : null;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={component ? t('form.editTitle', { sku: component.sku }) : t('form.newTitle')}
    >
      <Stack gap="lg">
        {(hasErrors || otherError) && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {otherError ? errorMessage(t, otherError) : t('form.fixErrors')}
          </Alert>
        )}

        <Section title={t('form.sections.main')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.sku')}
              description={t('form.skuHint')}
              value={values.sku}
              onChange={(event) => set('sku', event.currentTarget.value)}
              error={message('sku')}
              withAsterisk
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              autoFocus={!component}
            />
            <TextInput
              label={t('fields.name')}
              description={t('form.nameHint')}
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={message('name')}
              withAsterisk
              maxLength={200}
              autoComplete="off"
            />
            <Select
              label={t('fields.category')}
              placeholder={categories.isPending ? t('common:loading') : t('form.noCategory')}
              data={categoryData}
              value={values.categoryId}
              onChange={(value) => set('categoryId', value)}
              error={message('categoryId') ?? (categories.error ? errorMessage(t, categories.error) : undefined)}
              searchable
              clearable
              nothingFoundMessage={t('form.noCategoryFound')}
              disabled={categories.isPending}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('fields.unit')}
              data={unitOptions}
              value={values.unit}
              onChange={(value) => value && set('unit', value as Unit)}
              error={message('unit')}
              description={unitLocked ? t('form.unitLockedHint') : undefined}
              disabled={unitLocked}
              allowDeselect={false}
              withAsterisk
            />
          </SimpleGrid>
        </Section>

        <Section title={t('form.sections.manufacturer')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.manufacturer')}
              value={values.manufacturer}
              onChange={(event) => set('manufacturer', event.currentTarget.value)}
              error={message('manufacturer')}
              maxLength={200}
            />
            <TextInput
              label={t('fields.manufacturerPartNumber')}
              value={values.manufacturerPartNumber}
              onChange={(event) => set('manufacturerPartNumber', event.currentTarget.value)}
              error={message('manufacturerPartNumber')}
              maxLength={200}
              spellCheck={false}
            />
            <TextInput
              label={t('fields.package')}
              placeholder={t('form.packagePlaceholder')}
              value={values.package}
              onChange={(event) => set('package', event.currentTarget.value)}
              error={message('package')}
              maxLength={100}
              spellCheck={false}
            />
            <TextInput
              label={t('fields.datasheetUrl')}
              placeholder="https://"
              type="url"
              value={values.datasheetUrl}
              onChange={(event) => set('datasheetUrl', event.currentTarget.value)}
              error={message('datasheetUrl')}
              maxLength={2000}
              spellCheck={false}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('form.sections.stock')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.minimumStock')}
              description={t('form.minimumStockHint')}
              inputMode="decimal"
              value={values.minimumStock}
              onChange={(event) => set('minimumStock', event.currentTarget.value)}
              error={message('minimumStock')}
              rightSection={
                <Text size="xs" c="dimmed">
                  {t(`domain:units.${values.unit}`, { count: 2 })}
                </Text>
              }
              rightSectionWidth={48}
            />
            <TextInput
              label={t('fields.defaultUnitCost')}
              description={t('form.unitCostHint')}
              inputMode="decimal"
              placeholder={moneyInputText(0, digits, i18n.language)}
              value={values.unitCost}
              onChange={(event) => set('unitCost', event.currentTarget.value)}
              error={message('unitCost')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('form.sections.parameters')}>
          <Stack gap="xs">
            {values.parameters.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('form.noParameters')}
              </Text>
            ) : (
              <Box>
                <Group gap="xs" wrap="nowrap" aria-hidden visibleFrom="xs" mb={4}>
                  <Text size="sm" fw={500} style={{ flex: 3 }}>
                    {t('form.parameterName')}
                  </Text>
                  <Text size="sm" fw={500} style={{ flex: 3 }}>
                    {t('form.parameterValue')}
                  </Text>
                  <Text size="sm" fw={500} style={{ flex: 2 }}>
                    {t('form.parameterUnit')}
                  </Text>
                  <Box w={36} />
                </Group>
                <Stack gap="xs">
                  {values.parameters.map((row, index) => (
                    <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
                      <TextInput
                        style={{ flex: 3 }}
                        aria-label={t('form.parameterNameOf', { index: index + 1 })}
                        placeholder={t('form.parameterNamePlaceholder')}
                        value={row.name}
                        onChange={(event) => setParameter(index, { name: event.currentTarget.value })}
                        error={message(`parameters.${index}.name`)}
                        maxLength={100}
                        data-parameter-name
                      />
                      <TextInput
                        style={{ flex: 3 }}
                        aria-label={t('form.parameterValueOf', { index: index + 1 })}
                        placeholder={t('form.parameterValuePlaceholder')}
                        value={row.value}
                        onChange={(event) => setParameter(index, { value: event.currentTarget.value })}
                        error={message(`parameters.${index}.value`)}
                        maxLength={200}
                      />
                      <TextInput
                        style={{ flex: 2 }}
                        aria-label={t('form.parameterUnitOf', { index: index + 1 })}
                        placeholder={t('form.parameterUnitPlaceholder')}
                        value={row.unit}
                        onChange={(event) => setParameter(index, { unit: event.currentTarget.value })}
                        error={message(`parameters.${index}.unit`)}
                        maxLength={30}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size={36}
                        aria-label={t('form.removeParameter', { index: index + 1 })}
                        onClick={() => removeParameter(index)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              </Box>
            )}
            {message('parameters') && (
              <Text c="red" size="sm" role="alert">
                {message('parameters')}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={addParameter}
                disabled={values.parameters.length >= 100}
              >
                {t('form.addParameter')}
              </Button>
            </Group>
          </Stack>
        </Section>

        <Section title={t('form.sections.image')}>
          <Group align="flex-start" gap="lg">
            {values.imageId ? (
              <Image
                src={`/api/images/${values.imageId}`}
                alt={t('form.imagePreview')}
                h={140}
                w={180}
                fit="contain"
                radius="md"
                bd="1px solid var(--mantine-color-default-border)"
              />
            ) : (
              <Box
                w={180}
                h={140}
                bd="1px dashed var(--mantine-color-default-border)"
                style={{ borderRadius: 'var(--mantine-radius-md)', display: 'grid', placeItems: 'center' }}
              >
                <Text size="sm" c="dimmed">
                  {t('form.noImage')}
                </Text>
              </Box>
            )}
            <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
              <Text size="sm" c="dimmed">
                {t('form.imageHint', { max: IMAGE_MAX_BYTES / (1024 * 1024) })}
              </Text>
              <Group gap="xs">
                <FileButton accept={IMAGE_ACCEPT} onChange={(file) => void upload(file)}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconPhotoUp size={16} />}
                      loading={imageProgress !== null}
                    >
                      {values.imageId ? t('form.replaceImage') : t('form.uploadImage')}
                    </Button>
                  )}
                </FileButton>
                {values.imageId && (
                  <Button variant="subtle" color="red" onClick={() => set('imageId', null)}>
                    {t('form.removeImage')}
                  </Button>
                )}
              </Group>
              {imageProgress !== null && (
                <Progress value={imageProgress * 100} aria-label={t('markdown:uploading')} size="sm" />
              )}
              {imageError !== null && (
                <Text c="red" size="sm" role="alert">
                  {imageErrorMessage(t, imageError)}
                </Text>
              )}
              {message('imageId') && (
                <Text c="red" size="sm" role="alert">
                  {message('imageId')}
                </Text>
              )}
            </Stack>
          </Group>
        </Section>

        <Section title={t('form.sections.description')}>
          <MarkdownEditor
            label={t('fields.description')}
            labelHidden
            initialValue={initial.description}
            onChange={(description) => set('description', description)}
            draftKey={draftKey}
            savedValue={initial.description}
            error={message('description')}
            placeholder={t('form.descriptionPlaceholder')}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={imageProgress !== null}>
            {component ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>

      <LeaveWithoutSavingModal
        opened={blocker.status === 'blocked'}
        texts={t('leave', { returnObjects: true }) as LeaveTexts}
        onStay={() => blocker.reset?.()}
        onDiscard={() => {
          clearMarkdownDraft(draftKey);
          blocker.proceed?.();
        }}
      />
    </form>
  );
}
