import 'easymde/dist/easymde.min.css';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Divider,
  FileButton,
  Group,
  Input,
  Loader,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconBold,
  IconCode,
  IconEye,
  IconEyeOff,
  IconH2,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPhotoUp,
  IconQuote,
  IconTable,
} from '@tabler/icons-react';
import clsx from 'clsx';
import EasyMDE from 'easymde';
import { type ComponentType, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageErrorMessage, imageMarkdown, uploadImage } from './image-upload';
import classes from './markdown.module.css';
import { renderMarkdown } from './render-markdown';

/** Milliseconds after the last keystroke before the draft is written to localStorage. */
export const DRAFT_DELAY_MS = 1000;

/** EasyMDE keeps autosaved drafts in localStorage under this prefix and the editor's unique id. */
const DRAFT_PREFIX = 'smde_';

/** Forgets the autosaved draft of an editor, e.g. after its text was saved for good. */
export function clearMarkdownDraft(draftKey: string): void {
  try {
    localStorage.removeItem(DRAFT_PREFIX + draftKey);
  } catch {
    // No storage, no draft.
  }
}

type FormattingAction = {
  key: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  run: (editor: EasyMDE) => void;
};

const FORMATTING: readonly FormattingAction[][] = [
  [
    { key: 'bold', icon: IconBold, run: EasyMDE.toggleBold },
    { key: 'italic', icon: IconItalic, run: EasyMDE.toggleItalic },
    { key: 'heading', icon: IconH2, run: EasyMDE.toggleHeadingSmaller },
  ],
  [
    { key: 'quote', icon: IconQuote, run: EasyMDE.toggleBlockquote },
    { key: 'bulletList', icon: IconList, run: EasyMDE.toggleUnorderedList },
    { key: 'numberedList', icon: IconListNumbers, run: EasyMDE.toggleOrderedList },
    { key: 'code', icon: IconCode, run: EasyMDE.toggleCodeBlock },
  ],
  [
    { key: 'link', icon: IconLink, run: EasyMDE.drawLink },
    { key: 'table', icon: IconTable, run: EasyMDE.drawTable },
  ],
];

/** EasyMDE members its type declarations leave out. */
type EasyMdeInternals = EasyMDE & { autosave: () => void; _autosave_timeout?: ReturnType<typeof setTimeout> };

export type MarkdownEditorProps = {
  label: ReactNode;
  /** The label names the editor for assistive technology only (a heading above already says what it is). */
  labelHidden?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  /**
   * The text to start with. The editor is uncontrolled after that (pushing each keystroke back into it
   * would race the typing); to replace its text, remount it with another `key`.
   */
  initialValue: string;
  /** Every change of the text, and the draft when one was restored on mount. */
  onChange: (value: string) => void;
  /**
   * Unique id of the autosaved draft (localStorage). A draft found on mount replaces `value`; call
   * `clearMarkdownDraft(draftKey)` once the text is saved for good.
   */
  draftKey: string;
  /** The text as it is saved: a draft equal to it is no draft and is not kept. */
  savedValue: string;
  placeholder?: string;
};

/**
 * A markdown editor (EasyMDE) at least 300 px high, checked by the browser's own spell-checker in the
 * interface language, with a draft autosaved 1 s after typing stops, image paste / drop / upload
 * (POST /images) and a sanitised preview. Nothing is loaded from other origins.
 */
export function MarkdownEditor({
  label,
  labelHidden = false,
  description,
  error,
  initialValue,
  onChange,
  draftKey,
  savedValue,
  placeholder,
}: MarkdownEditorProps) {
  const { t, i18n } = useTranslation('markdown');
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<EasyMDE | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [draftSavedAt, setDraftSavedAt] = useState<Date | null>(null);
  const [draftRestored, setDraftRestored] = useState(false);
  const [uploads, setUploads] = useState(0);
  const [uploadError, setUploadError] = useState<unknown>(null);

  // The editor lives outside React's rendering: these refs give its event handlers the current props.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const savedValueRef = useRef(savedValue);
  savedValueRef.current = savedValue;
  // The text as it was last seen, so that a rebuilt editor (StrictMode mounts twice) starts from it.
  const valueRef = useRef(initialValue);
  const insertImagesRef = useRef<(files: File[], at?: CodeMirror.Position) => Promise<void>>(async () => {});

  insertImagesRef.current = async (files, at) => {
    const editor = editorRef.current;
    if (!editor || files.length === 0) return;
    const cm = editor.codemirror;
    // Text typed while an image uploads moves the place it goes to; a bookmark follows it.
    const bookmark = cm.getDoc().setBookmark(at ?? cm.getDoc().getCursor(), { insertLeft: true });
    setUploadError(null);
    for (const file of files) {
      setUploads((count) => count + 1);
      try {
        const image = await uploadImage(file);
        const position = bookmark.find() ?? cm.getDoc().getCursor();
        const before = cm.getDoc().getLine(position.line).slice(0, position.ch);
        cm.getDoc().replaceRange(`${before.trim() === '' ? '' : '\n'}${imageMarkdown(image)}\n`, position);
      } catch (problem) {
        setUploadError(problem);
      } finally {
        setUploads((count) => count - 1);
      }
    }
    bookmark.clear();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is built once per draft; later props reach it through refs and the effects below.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const textarea = document.createElement('textarea');
    // EasyMDE deletes the draft when the surrounding form is submitted, before the save is known to have
    // succeeded; pointing the textarea at no form keeps the draft until clearMarkdownDraft after a save.
    textarea.setAttribute('form', `${id}-detached`);
    host.append(textarea);

    const editor = new EasyMDE({
      element: textarea,
      initialValue: valueRef.current,
      autoDownloadFontAwesome: false,
      spellChecker: false,
      nativeSpellcheck: true,
      inputStyle: 'contenteditable',
      autosave: { enabled: true, uniqueId: draftKey, delay: DRAFT_DELAY_MS },
      minHeight: '300px',
      toolbar: false,
      status: false,
      placeholder: placeholder ?? '',
      previewRender: (text) => renderMarkdown(text),
      previewClass: ['editor-preview', classes.content ?? ''],
      // Full screen and side by side would cover the application's own header; the toolbar offers a preview.
      shortcuts: { toggleFullScreen: null, toggleSideBySide: null, togglePreview: null },
      indentWithTabs: false,
    }) as EasyMdeInternals;
    editorRef.current = editor;

    // A draft equal to the saved text is no draft: it is removed instead of written, and not announced.
    const writeDraft = editor.autosave.bind(editor);
    editor.autosave = () => {
      if (editor.value() === savedValueRef.current) {
        clearMarkdownDraft(draftKey);
        setDraftSavedAt(null);
        return;
      }
      writeDraft();
      setDraftSavedAt(new Date());
    };

    const cm = editor.codemirror;
    // EasyMDE marks its container role="application", which switches screen readers out of their reading
    // mode for the whole box; the text field inside is a plain textbox.
    cm.getWrapperElement().parentElement?.removeAttribute('role');
    const field = cm.getInputField();
    field.setAttribute('role', 'textbox');
    field.setAttribute('aria-multiline', 'true');
    field.setAttribute('aria-labelledby', labelId);
    field.setAttribute('aria-describedby', statusId);

    cm.on('change', () => {
      const text = editor.value();
      valueRef.current = text;
      onChangeRef.current(text);
    });
    cm.on('paste', (_instance, event) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      void insertImagesRef.current(files);
    });
    cm.on('drop', (instance, event) => {
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      void insertImagesRef.current(files, instance.coordsChar({ left: event.clientX, top: event.clientY }));
    });

    // EasyMDE put a draft from an earlier visit in place of the initial value: the form must know it.
    if (editor.value() !== valueRef.current) {
      const draft = editor.value();
      valueRef.current = draft;
      setDraftRestored(draft !== savedValueRef.current);
      onChangeRef.current(draft);
    }

    return () => {
      clearTimeout(editor._autosave_timeout);
      editor.cleanup();
      editor.toTextArea();
      textarea.remove();
      editorRef.current = null;
    };
  }, [draftKey]);

  // The browser's spell-checker reads the language from the lang attribute: English or Russian as the UI.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.codemirror.getInputField().setAttribute('lang', i18n.language);
    editor.codemirror.getWrapperElement().setAttribute('lang', i18n.language);
  }, [i18n.language]);

  useEffect(() => {
    const field = editorRef.current?.codemirror.getInputField();
    if (!field) return;
    if (error) {
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', `${errorId} ${statusId}`);
    } else {
      field.removeAttribute('aria-invalid');
      field.setAttribute('aria-describedby', statusId);
    }
  }, [error, errorId, statusId]);

  const run = (action: (editor: EasyMDE) => void) => {
    const editor = editorRef.current;
    if (editor) action(editor);
  };

  const togglePreview = () => {
    const editor = editorRef.current;
    if (!editor) return;
    EasyMDE.togglePreview(editor);
    setPreviewing((shown) => {
      if (shown) editor.codemirror.focus();
      return !shown;
    });
  };

  const discardDraft = () => {
    const editor = editorRef.current;
    clearMarkdownDraft(draftKey);
    setDraftRestored(false);
    setDraftSavedAt(null);
    if (editor) editor.value(savedValueRef.current);
  };

  const timeFormat = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      labelElement="div"
      labelProps={{
        id: labelId,
        onClick: () => editorRef.current?.codemirror.focus(),
        className: labelHidden ? classes.visuallyHidden : undefined,
      }}
      errorProps={{ id: errorId }}
    >
      <Box className={clsx(classes.editor, error && classes.invalid)} mt={4}>
        {draftRestored && (
          <Alert color="blue" variant="light" p="xs" mb="xs">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('draftRestored')}</Text>
              <Button size="compact-sm" variant="subtle" onClick={discardDraft}>
                {t('discardDraft')}
              </Button>
            </Group>
          </Alert>
        )}
        <Group gap={4} className={classes.toolbar} role="toolbar" aria-label={t('toolbar')}>
          {FORMATTING.map((group, index) => (
            <Group gap={2} key={group[0]?.key}>
              {index > 0 && <Divider orientation="vertical" mx={4} />}
              {group.map((action) => (
                <Tooltip key={action.key} label={t(`actions.${action.key}`)} withArrow openDelay={400}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t(`actions.${action.key}`)}
                    disabled={previewing}
                    onClick={() => run(action.run)}
                  >
                    <action.icon size={18} stroke={1.8} />
                  </ActionIcon>
                </Tooltip>
              ))}
            </Group>
          ))}
          <Divider orientation="vertical" mx={4} />
          <FileButton accept={IMAGE_ACCEPT} onChange={(file) => file && void insertImagesRef.current([file])}>
            {(props) => (
              <Tooltip label={t('actions.image')} withArrow openDelay={400}>
                <ActionIcon
                  {...props}
                  variant="subtle"
                  color="gray"
                  aria-label={t('actions.image')}
                  disabled={previewing}
                >
                  <IconPhotoUp size={18} stroke={1.8} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <Box style={{ flex: 1 }} />
          <Button
            size="compact-sm"
            variant={previewing ? 'light' : 'subtle'}
            color="gray"
            leftSection={previewing ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            aria-pressed={previewing}
            onClick={togglePreview}
          >
            {t('preview')}
          </Button>
        </Group>
        <div ref={hostRef} className={classes.host} />
        <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('hint')}
          </Text>
          <Text size="xs" c="dimmed" id={statusId} role="status" aria-live="polite" ta="right">
            {uploads > 0 ? (
              <Group component="span" gap={6} wrap="nowrap">
                <Loader size={12} />
                {t('uploading')}
              </Group>
            ) : draftSavedAt ? (
              t('draftSaved', { time: timeFormat.format(draftSavedAt) })
            ) : null}
          </Text>
        </Group>
        {uploadError !== null && (
          <Alert
            color="red"
            variant="light"
            p="xs"
            mt="xs"
            role="alert"
            withCloseButton
            onClose={() => setUploadError(null)}
          >
            {imageErrorMessage(t, uploadError)}
          </Alert>
        )}
      </Box>
    </Input.Wrapper>
  );
}
