import { Inflate } from 'fflate';
import { FileRefused } from './limits.js';

/** One entry of a zip archive as its central directory describes it. */
export type ZipEntry = { name: string; method: number; dataStart: number; compressedSize: number };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65 535. */
const END_SEARCH_BYTES = 22 + 0xffff;
const MAX_ENTRIES = 10_000;
/** Compressed bytes inflated at a time: deflate unpacks at most about 1 032 times its size, so 16 MiB per step. */
const CHUNK_BYTES = 16 * 1024;

function unreadable(reason: string): FileRefused {
  return new FileRefused('unreadable', reason);
}

/**
 * The entries of a zip archive, read from its central directory, so that an entry can be read whatever its
 * place in the file (spreadsheet writers put the shared strings after the sheet). Zip64 is refused: no
 * spreadsheet this product reads comes near 4 GiB.
 */
export function zipEntries(archive: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  let end = -1;
  for (let offset = archive.length - 22; offset >= Math.max(0, archive.length - END_SEARCH_BYTES); offset--) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw unreadable('no zip directory');
  const count = view.getUint16(end + 10, true);
  const directoryStart = view.getUint32(end + 16, true);
  if (count > MAX_ENTRIES) throw unreadable('too many zip entries');
  const entries = new Map<string, ZipEntry>();
  let offset = directoryStart;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > archive.length || view.getUint32(offset, true) !== DIRECTORY_ENTRY) {
      throw unreadable('broken zip directory');
    }
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localHeader = view.getUint32(offset + 42, true);
    const name = new TextDecoder().decode(archive.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    if (localHeader + 30 > archive.length || view.getUint32(localHeader, true) !== LOCAL_HEADER) {
      throw unreadable('broken zip entry');
    }
    const dataStart =
      localHeader + 30 + view.getUint16(localHeader + 26, true) + view.getUint16(localHeader + 28, true);
    if (dataStart + compressedSize > archive.length) throw unreadable('truncated zip entry');
    entries.set(name.replace(/^\//, ''), { name, method, dataStart, compressedSize });
  }
  return entries;
}

/**
 * Feeds an entry's content to `consume` chunk by chunk as it is inflated, refusing the file as soon as it
 * unpacks to more than `maxBytes`: what the archive declares about sizes is not believed.
 */
export function readZipEntry(
  archive: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
  consume: (chunk: Uint8Array) => void,
): void {
  const compressed = archive.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let total = 0;
  let stoppedBy: unknown = null;
  const take = (chunk: Uint8Array) => {
    try {
      total += chunk.length;
      if (total > maxBytes) throw new FileRefused('overLimits', `${entry.name} unpacks to more than ${maxBytes} bytes`);
      consume(chunk);
    } catch (error) {
      stoppedBy = error;
      throw error;
    }
  };
  if (entry.method === 0) {
    for (let start = 0; start < compressed.length; start += CHUNK_BYTES) {
      take(compressed.subarray(start, start + CHUNK_BYTES));
    }
    return;
  }
  if (entry.method !== 8) throw unreadable(`zip compression method ${entry.method}`);
  const inflate = new Inflate((chunk) => take(chunk));
  try {
    for (let start = 0; start < compressed.length; start += CHUNK_BYTES) {
      const end = Math.min(start + CHUNK_BYTES, compressed.length);
      inflate.push(compressed.subarray(start, end), end === compressed.length);
    }
  } catch (error) {
    // What the consumer threw (a refusal, or having read enough) passes; anything else is the deflate data.
    if (error === stoppedBy) throw error;
    throw unreadable(`${entry.name} is not valid deflate data`);
  }
}
