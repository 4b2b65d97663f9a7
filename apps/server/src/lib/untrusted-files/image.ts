import { crc32 } from 'node:zlib';
import { FileRefused, IMAGE_LIMITS } from './limits.js';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/avif';

/** An image whose whole structure was walked: its type, size, and the bytes to keep. */
export type InspectedImage = { contentType: ImageType; width: number; height: number; content: Uint8Array };

function broken(reason: string): FileRefused {
  return new FileRefused('unreadable', reason);
}

function checkSize(width: number, height: number): void {
  if (width < 1 || height < 1) throw broken(`an image of ${width} × ${height} pixels`);
  if (width > IMAGE_LIMITS.side || height > IMAGE_LIMITS.side || width * height > IMAGE_LIMITS.pixels) {
    throw new FileRefused('overLimits', `an image of ${width} × ${height} pixels`);
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bit depths allowed for each PNG colour type. */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** Every chunk's length and CRC, IHDR first, image data present, IEND last with nothing after it. */
function inspectPng(bytes: Buffer): InspectedImage {
  let offset = 8;
  let size: { width: number; height: number } | null = null;
  let hasData = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw broken(`PNG chunk ${type} runs past the end`);
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== bytes.readUInt32BE(end - 4))
      throw broken(`PNG chunk ${type} is damaged`);
    if (size === null && type !== 'IHDR') throw broken('PNG does not start with IHDR');
    if (type === 'IHDR') {
      if (size !== null || length !== 13) throw broken('PNG header is malformed');
      const depth = bytes[offset + 16] ?? 0;
      const colour = bytes[offset + 17] ?? 0;
      if (!PNG_DEPTHS[colour]?.includes(depth) || bytes[offset + 18] !== 0 || bytes[offset + 19] !== 0) {
        throw broken('PNG header names no valid format');
      }
      if ((bytes[offset + 20] ?? 2) > 1) throw broken('PNG interlace method is unknown');
      size = { width: bytes.readUInt32BE(offset + 8), height: bytes.readUInt32BE(offset + 12) };
      checkSize(size.width, size.height);
    } else if (type === 'IDAT') {
      hasData = true;
    } else if (type === 'IEND') {
      if (!hasData || !size) throw broken('PNG has no image data');
      if (end !== bytes.length) throw broken('PNG has data after its end');
      return { contentType: 'image/png', ...size, content: bytes };
    }
    offset = end;
  }
  throw broken('PNG is truncated');
}

/** Start-of-frame markers that carry the image size (all SOFn but DHT, JPG and DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Walks every segment from SOI to EOI, entropy-coded scans included. What follows EOI (camera trailers,
 * or anything appended) is not kept.
 */
function inspectJpeg(bytes: Buffer): InspectedImage {
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  let scanned = false;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) throw broken('JPEG segment does not start with a marker');
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      if (!size || !scanned) throw broken('JPEG ends before its image');
      return { contentType: 'image/jpeg', ...size, content: bytes.subarray(0, offset + 2) };
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      throw broken('JPEG has a marker out of place');
    }
    if (offset + 4 > bytes.length) break;
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) throw broken('JPEG segment runs past the end');
    if (isStartOfFrame(marker)) {
      if (size || length < 8) throw broken('JPEG frame header is malformed');
      size = { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
      checkSize(size.width, size.height);
    }
    offset = end;
    if (marker === 0xda) {
      if (!size) throw broken('JPEG scan before its frame header');
      scanned = true;
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      while (offset + 1 < bytes.length) {
        if (bytes[offset] === 0xff) {
          const next = bytes[offset + 1] ?? 0;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        offset++;
      }
    }
  }
  throw broken('JPEG is truncated');
}

/** Skips a GIF's data sub-blocks, returning the offset after the terminator. */
function skipSubBlocks(bytes: Buffer, start: number): number {
  let offset = start;
  for (;;) {
    const length = bytes[offset];
    if (length === undefined) throw broken('GIF is truncated');
    offset += 1 + length;
    if (length === 0) return offset;
  }
}

/** The logical screen, then every extension and frame (each within the screen) up to the trailer. */
function inspectGif(bytes: Buffer): InspectedImage {
  if (bytes.length < 13) throw broken('GIF is truncated');
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  checkSize(width, height);
  const flags = bytes[10] ?? 0;
  let offset = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let frames = 0;
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) {
      if (frames === 0) throw broken('GIF has no image');
      return { contentType: 'image/gif', width, height, content: bytes.subarray(0, offset + 1) };
    }
    if (block === 0x21) {
      offset = skipSubBlocks(bytes, offset + 2);
    } else if (block === 0x2c) {
      if (offset + 10 > bytes.length) break;
      const left = bytes.readUInt16LE(offset + 1);
      const top = bytes.readUInt16LE(offset + 3);
      const frameWidth = bytes.readUInt16LE(offset + 5);
      const frameHeight = bytes.readUInt16LE(offset + 7);
      if (left + frameWidth > width || top + frameHeight > height) throw broken('GIF frame lies outside its screen');
      if (++frames > IMAGE_LIMITS.frames)
        throw new FileRefused('overLimits', `a GIF of more than ${IMAGE_LIMITS.frames} frames`);
      const frameFlags = bytes[offset + 9] ?? 0;
      offset += 10 + (frameFlags & 0x80 ? 3 * 2 ** ((frameFlags & 0x07) + 1) : 0);
      const codeSize = bytes[offset];
      if (codeSize === undefined || codeSize < 2 || codeSize > 11) throw broken('GIF frame has an invalid code size');
      offset = skipSubBlocks(bytes, offset + 1);
    } else {
      throw broken('GIF has an unknown block');
    }
  }
  throw broken('GIF is truncated');
}

type Box = { type: string; start: number; end: number };

/** The boxes of an ISO-BMFF byte range, each checked to lie within it. */
function boxes(bytes: Buffer, start: number, end: number): Box[] {
  const found: Box[] = [];
  let offset = start;
  while (offset < end) {
    if (offset + 8 > end) throw broken('AVIF box is truncated');
    let size = bytes.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) throw broken('AVIF box is truncated');
      const large = bytes.readBigUInt64BE(offset + 8);
      if (large > BigInt(end - offset)) throw broken('AVIF box runs past the end');
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) throw broken('AVIF box runs past the end');
    found.push({ type: bytes.toString('latin1', offset + 4, offset + 8), start: offset + header, end: offset + size });
    offset += size;
  }
  return found;
}

/** `ftyp` first with an AVIF brand, then `meta` whose item properties give the size, and the media data. */
function inspectAvif(bytes: Buffer): InspectedImage {
  const top = boxes(bytes, 0, bytes.length);
  const [fileType] = top;
  if (fileType?.type !== 'ftyp') throw broken('AVIF does not start with ftyp');
  const meta = top.find((box) => box.type === 'meta');
  if (!meta || !top.some((box) => box.type === 'mdat')) throw broken('AVIF has no metadata or no media data');
  // meta and ispe are full boxes: four bytes of version and flags before their content.
  const properties = boxes(bytes, meta.start + 4, meta.end)
    .filter((box) => box.type === 'iprp')
    .flatMap((box) => boxes(bytes, box.start, box.end))
    .filter((box) => box.type === 'ipco')
    .flatMap((box) => boxes(bytes, box.start, box.end));
  const extents = properties.filter((box) => box.type === 'ispe' && box.end - box.start >= 12);
  if (extents.length === 0) throw broken('AVIF has no image size');
  let width = 0;
  let height = 0;
  for (const extent of extents) {
    width = Math.max(width, bytes.readUInt32BE(extent.start + 4));
    height = Math.max(height, bytes.readUInt32BE(extent.start + 8));
  }
  checkSize(width, height);
  return { contentType: 'image/avif', width, height, content: bytes };
}

function isAvifBrand(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
    if (offset === 12) continue; // minor version, not a brand
    const brand = bytes.toString('latin1', offset, offset + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/**
 * Recognises an uploaded image by content and walks its whole structure: a truncated file, a header
 * followed by something else, or an image beyond IMAGE_LIMITS is refused. Throws FileRefused; meant to run
 * in a worker (run-in-worker.ts).
 */
export function inspectImage(content: Uint8Array): InspectedImage {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return inspectPng(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return inspectJpeg(bytes);
  const head = bytes.toString('latin1', 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return inspectGif(bytes);
  if (isAvifBrand(bytes)) return inspectAvif(bytes);
  throw new FileRefused('notAnImage', 'no PNG, JPEG, GIF or AVIF signature');
}
