import type { UploadedImage } from '@cm/contract';

type ImageType = UploadedImage['contentType'];

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function isAvif(bytes: Buffer): boolean {
  // ISO-BMFF: a leading `ftyp` box naming avif/avis as its major or one of its compatible brands.
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
    if (offset === 12) continue; // minor version, not a brand
    const brand = bytes.toString('latin1', offset, offset + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** The image type a file's content shows, whatever its name or declared type says; null when none. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  const head = bytes.toString('latin1', 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (isAvif(bytes)) return 'image/avif';
  return null;
}
