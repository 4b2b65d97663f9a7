import sharp from 'sharp';
import { FileRefused, IMAGE_LIMITS } from './limits.js';
import { inReadersTurn, inspectImageInWorker } from './run-in-worker.js';

/** An uploaded avatar as it is kept: square, re-encoded, with nothing of the original file but its pixels. */
export type AvatarImage = { contentType: 'image/webp'; side: number; content: Buffer };

/** A decode that takes longer is refused; a checked image of the allowed size decodes in well under a second. */
const DECODE_SECONDS = 10;

// One libvips thread per image: files are read two at a time (run-in-worker.ts), and the decoder runs on
// libuv's pool, which password hashing shares. Nothing is cached: each avatar is decoded once.
sharp.concurrency(1);
sharp.cache(false);

function refusal(error: unknown): FileRefused {
  const message = error instanceof Error ? error.message : String(error);
  const overLimits = /pixel limit|timeout/i.test(message);
  return new FileRefused(overLimits ? 'overLimits' : 'unreadable', `decoding the avatar: ${message}`);
}

/**
 * Reads an uploaded avatar: its structure is walked in a worker first (image.ts: the type by content, the size
 * within IMAGE_LIMITS before a pixel is decoded), then libvips decodes it off the event loop within a pixel
 * limit and a time limit, turns it upright by its EXIF orientation, crops the middle square, shrinks it to at
 * most `side` pixels and writes it anew as WebP. No metadata of the original (EXIF, XMP, ICC, comments, text
 * chunks) is written, and an animated GIF keeps its first frame. Throws FileRefused, or ReadersBusy.
 */
export async function readAvatarImage(content: Uint8Array, side: number): Promise<AvatarImage> {
  const image = await inspectImageInWorker(content);
  const target = Math.min(side, image.width, image.height);
  return inReadersTurn(async () => {
    try {
      const bytes = Buffer.from(image.content.buffer, image.content.byteOffset, image.content.byteLength);
      const output = await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.pixels, autoOrient: true })
        .timeout({ seconds: DECODE_SECONDS })
        .resize(target, target, { fit: 'cover', position: 'centre' })
        .webp({ quality: 85 })
        .toBuffer();
      return { contentType: 'image/webp', side: target, content: output };
    } catch (error) {
      throw refusal(error);
    }
  });
}
