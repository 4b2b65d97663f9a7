import { IMAGE_MAX_BYTES, IMAGE_TYPES, UploadedImage } from '@cm/contract';
import type { TFunction } from 'i18next';
import { ApiError, apiUpload } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';

/** Value of an `accept` attribute for the image types the server takes. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export type ImageProblem = 'imageTooLarge' | 'imageWrongType';

/**
 * A quick check before uploading, so that an obviously wrong file fails at once. It trusts the name-based
 * type the browser reports; the server decides by the content.
 */
export function checkImageFile(file: File): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageWrongType';
  if (file.size > IMAGE_MAX_BYTES) return 'imageTooLarge';
  return null;
}

/** Thrown for a file refused before upload; carries the key of its message in the `markdown` namespace. */
export class ImageFileError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
    this.name = 'ImageFileError';
  }
}

/** Uploads an image (POST /images) after the quick check; the server checks its content. */
export async function uploadImage(
  file: File,
  onProgress: (fraction: number) => void = () => {},
): Promise<UploadedImage> {
  const problem = checkImageFile(file);
  if (problem) throw new ImageFileError(problem);
  return apiUpload('/images', file, UploadedImage, onProgress);
}

/** Size in MiB for messages, e.g. "2 MiB". */
const MAX_MIB = IMAGE_MAX_BYTES / (1024 * 1024);

/** The localized reason an image was refused, by the client or by the server. */
export function imageErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ImageFileError) return t(`markdown:${error.problem}`, { max: MAX_MIB });
  if (error instanceof ApiError) {
    if (error.code === 'PAYLOAD_TOO_LARGE') return t('markdown:imageTooLarge', { max: MAX_MIB });
    if (error.code === 'IMAGE_TYPE_NOT_ALLOWED' || error.code === 'UNSUPPORTED_MEDIA_TYPE') {
      return t('markdown:imageWrongType');
    }
  }
  return errorMessage(t, error);
}

/** Markdown that shows an uploaded image. */
export function imageMarkdown(image: Pick<UploadedImage, 'id'>): string {
  return `![](/api/images/${image.id})`;
}
