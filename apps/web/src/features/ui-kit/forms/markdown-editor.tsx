import { ComponentInput } from '@cm/contract';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearMarkdownDraft, MarkdownEditor, MarkdownView } from '../../../components/markdown';
import { KitExample, KitPage } from '../kit-page';

/** The longest description a component takes, as the contract bounds it. */
const DESCRIPTION_MAX = ComponentInput.shape.description.unwrap().maxLength ?? 0;

/** Each example's draft of its own, apart from every screen's drafts. */
const DRAFT_KEYS = {
  editing: 'ui-kit-forms-editing',
  restored: 'ui-kit-forms-restored',
  refused: 'ui-kit-forms-refused',
  narrow: 'ui-kit-forms-narrow',
};

/**
 * The editor as the component form runs it: the text is saved by the form's Save; until then a draft of it is kept
 * in this browser a second after typing stops, and Save forgets it. The preview under it is what a reader gets.
 */
function EditorWithDraft({ draftKey, preview = false }: { draftKey: string; preview?: boolean }) {
  const { t } = useTranslation(['kit-forms', 'components']);
  const [saved, setSaved] = useState(() => t('markdownEditor.sample'));
  const [text, setText] = useState(saved);
  return (
    <Stack gap="md">
      <MarkdownEditor
        label={t('components:fields.description')}
        initialValue={saved}
        onChange={setText}
        draftKey={draftKey}
        savedValue={saved}
        placeholder={t('components:form.descriptionPlaceholder')}
      />
      <Group justify="flex-end">
        <Button
          disabled={text === saved}
          onClick={() => {
            setSaved(text);
            clearMarkdownDraft(draftKey);
          }}
        >
          {t('markdownEditor.save')}
        </Button>
      </Group>
      {preview && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('markdownEditor.shown')}
          </Title>
          <MarkdownView source={text} headingOffset={3} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * An editor opened where a draft of an earlier visit waits: the draft replaces the saved text and the editor says
 * so, with a button to go back to the saved text. The draft is laid down as the example opens, where EasyMDE keeps
 * its drafts (`smde_` and the draft's key), so that each visit shows it.
 */
function RestoredDraft() {
  const { t } = useTranslation(['kit-forms', 'components']);
  const [saved] = useState(() => {
    localStorage.setItem(`smde_${DRAFT_KEYS.restored}`, t('markdownEditor.draft'));
    return t('markdownEditor.sample');
  });
  return (
    <MarkdownEditor
      label={t('components:fields.description')}
      initialValue={saved}
      onChange={() => {}}
      draftKey={DRAFT_KEYS.restored}
      savedValue={saved}
    />
  );
}

/** The product's markdown editor: spell-checked, its draft kept as it is typed, images uploaded into the text. */
export default function MarkdownEditorPage() {
  const { t } = useTranslation(['kit-forms', 'components']);
  return (
    <KitPage
      group="forms"
      label="markdownEditor"
      sources={[
        'components/markdown/markdown-editor.tsx',
        'components/markdown/image-upload.ts',
        'components/markdown/markdown-view.tsx',
      ]}
    >
      <KitExample title={t('markdownEditor.examples.editing')}>
        <EditorWithDraft draftKey={DRAFT_KEYS.editing} preview />
      </KitExample>
      <KitExample title={t('markdownEditor.examples.restored')}>
        <RestoredDraft />
      </KitExample>
      <KitExample title={t('markdownEditor.examples.refused')}>
        <MarkdownEditor
          label={t('components:fields.description')}
          initialValue={t('markdownEditor.sample')}
          onChange={() => {}}
          draftKey={DRAFT_KEYS.refused}
          savedValue={t('markdownEditor.sample')}
          error={t('components:validation.tooLong', { count: DESCRIPTION_MAX })}
        />
      </KitExample>
      <KitExample title={t('markdownEditor.examples.narrow')} narrow>
        <EditorWithDraft draftKey={DRAFT_KEYS.narrow} />
      </KitExample>
    </KitPage>
  );
}
