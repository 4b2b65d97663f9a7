import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

/** A valid grey PNG of the given size (its data compresses to almost nothing, whatever the size). */
export function png(width: number, height: number, pixels = Math.min(width * height, 1_000_000)): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Math.max(1, Math.floor(pixels / width));
  const data = deflateSync(Buffer.alloc(rows * (width + 1), 0x80));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 2 × 2 JPEG as Chromium's canvas encodes it. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeAGpH/9k=',
  'base64',
);

/** A 1 × 1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
}

/** The boxes of an AVIF file that name its size: ftyp, meta with an image spatial extent, and mdat. */
export function avif(width: number, height: number): Buffer {
  const extent = Buffer.alloc(12);
  extent.writeUInt32BE(width, 4);
  extent.writeUInt32BE(height, 8);
  const fullBox = Buffer.alloc(4);
  return Buffer.concat([
    box('ftyp', Buffer.from('avif', 'latin1'), Buffer.alloc(4), Buffer.from('avifmif1miaf', 'latin1')),
    box(
      'meta',
      fullBox,
      box('hdlr', Buffer.alloc(4), Buffer.from('pict', 'latin1')),
      box('iprp', box('ipco', box('ispe', extent))),
    ),
    box('mdat', Buffer.alloc(32, 7)),
  ]);
}

/** A PNG grown to exactly `bytes` with an ancillary chunk a decoder skips. */
export function pngOfSize(bytes: number): Buffer {
  const image = png(1, 1);
  const end = image.length - 12; // IEND
  const padding = pngChunk('teXt', Buffer.alloc(bytes - image.length - 12, 0x20));
  return Buffer.concat([image.subarray(0, end), padding, image.subarray(end)]);
}
