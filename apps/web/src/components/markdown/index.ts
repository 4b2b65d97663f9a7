export {
  checkImageFile,
  IMAGE_ACCEPT,
  ImageFileError,
  type ImageProblem,
  imageErrorMessage,
  imageMarkdown,
  uploadImage,
} from './image-upload';
export { clearMarkdownDraft, DRAFT_DELAY_MS, MarkdownEditor, type MarkdownEditorProps } from './markdown-editor';
export { MarkdownView, type MarkdownViewProps } from './markdown-view';
export { renderMarkdown } from './render-markdown';
