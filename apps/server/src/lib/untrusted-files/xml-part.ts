import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { FileRefused, TABLE_LIMITS } from './limits.js';
import { readZipEntry, type ZipEntry } from './zip.js';

/** A tag's name without its namespace prefix (`x:row` → `row`), as writers differ in prefixing. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by its local name (looked up directly first: this runs for every cell). */
export function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  const attributes = tag.attributes;
  const direct = attributes[name];
  if (direct !== undefined) return direct;
  for (const key in attributes) if (localName(key) === name) return attributes[key];
  return undefined;
}

export type XmlHandlers = {
  open?(tag: SaxesTagPlain, name: string): void;
  close?(name: string): void;
  text?(text: string): void;
};

/** Text fed to the parser at a time, so the guard below runs between slices of a large inflated chunk. */
const SLICE_CHARACTERS = 64 * 1024;
/**
 * The most text the parser may buffer between two tags: a longest cell written with entities (`&amp;`) fits
 * with room to spare. A 300 MiB string in one cell is refused after this much, not after it was read.
 */
const MAX_CHARACTERS_BETWEEN_TAGS = TABLE_LIMITS.cellCharacters * 8;

/**
 * Parses one XML part of an archive as it is inflated, calling the handlers per tag and text. Declared
 * entities and DOCTYPEs are refused (no entity expansion), and no run of text between tags may outgrow a cell.
 */
export function parseXmlPart(archive: Uint8Array, entry: ZipEntry, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ xmlns: false, position: false });
  let sinceTag = 0;
  parser.on('opentag', (tag) => {
    sinceTag = 0;
    handlers.open?.(tag, localName(tag.name));
  });
  parser.on('closetag', (tag) => {
    sinceTag = 0;
    handlers.close?.(localName(tag.name));
  });
  if (handlers.text) {
    const onText = handlers.text;
    parser.on('text', onText);
    parser.on('cdata', onText);
  }
  parser.on('doctype', () => {
    throw new FileRefused('unreadable', `${entry.name} declares a DOCTYPE`);
  });
  parser.on('error', (error) => {
    throw new FileRefused('unreadable', `${entry.name}: ${error.message}`);
  });

  const decoder = new TextDecoder('utf-8', { fatal: true });
  const write = (text: string) => {
    for (let start = 0; start < text.length; start += SLICE_CHARACTERS) {
      const slice = text.slice(start, start + SLICE_CHARACTERS);
      parser.write(slice);
      sinceTag += slice.length;
      if (sinceTag > MAX_CHARACTERS_BETWEEN_TAGS) {
        throw new FileRefused(
          'overLimits',
          `${entry.name} has more than ${MAX_CHARACTERS_BETWEEN_TAGS} characters between tags`,
        );
      }
    }
  };
  try {
    readZipEntry(archive, entry, TABLE_LIMITS.partBytes, (chunk) => write(decoder.decode(chunk, { stream: true })));
    write(decoder.decode());
  } catch (error) {
    if (error instanceof FileRefused || error instanceof StopReading) throw error;
    throw new FileRefused('unreadable', `${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  parser.close();
}

/** Thrown by a handler that has read all it needs; ends the part without an error. */
export class StopReading extends Error {}
