import { z } from 'zod';

/** Largest image accepted (component pictures and images in descriptions). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Image types accepted, recognised by their content, not by file name. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/avif'] as const;

export const UploadedImage = z.object({
  id: z.uuid(),
  url: z.string().describe('Path the image is served from'),
  contentType: z.enum(IMAGE_TYPES),
  size: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;
