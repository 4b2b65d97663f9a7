import { describe, expect, it } from 'vitest';
import { avif, GIF, JPEG, png } from '../../../test/images.js';
import { inspectImage } from './image.js';
import { FileRefused } from './limits.js';

function refusedAs(content: Buffer): string {
  try {
    inspectImage(content);
  } catch (error) {
    if (error instanceof FileRefused) return error.kind;
    throw error;
  }
  return 'accepted';
}

describe('an uploaded image', () => {
  it('is recognised by content with its size', () => {
    expect(inspectImage(png(3, 2))).toMatchObject({ contentType: 'image/png', width: 3, height: 2 });
    expect(inspectImage(JPEG)).toMatchObject({ contentType: 'image/jpeg', width: 2, height: 2 });
    expect(inspectImage(GIF)).toMatchObject({ contentType: 'image/gif', width: 1, height: 1 });
    expect(inspectImage(avif(640, 480))).toMatchObject({ contentType: 'image/avif', width: 640, height: 480 });
  });

  it('keeps a JPEG or GIF up to its end marker, dropping what was appended', () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(Buffer.from(inspectImage(Buffer.concat([JPEG, html])).content)).toEqual(JPEG);
    expect(Buffer.from(inspectImage(Buffer.concat([GIF, html])).content)).toEqual(GIF);
  });

  it('is refused when truncated, damaged or only a header followed by something else', () => {
    const image = png(4, 4);
    expect(refusedAs(image.subarray(0, 20))).toBe('unreadable');
    expect(refusedAs(image.subarray(0, image.length - 1))).toBe('unreadable');
    const damaged = Buffer.from(image);
    damaged[40] = (damaged[40] ?? 0) ^ 0xff;
    expect(refusedAs(damaged)).toBe('unreadable');
    expect(refusedAs(Buffer.concat([image, Buffer.from('trailing')]))).toBe('unreadable');
    const jpegHeaderThenHtml = Buffer.concat([JPEG.subarray(0, 20), Buffer.from('<html><script>alert(1)</script>')]);
    expect(refusedAs(jpegHeaderThenHtml)).toBe('unreadable');
    expect(refusedAs(JPEG.subarray(0, JPEG.length - 2))).toBe('unreadable');
    expect(refusedAs(GIF.subarray(0, GIF.length - 1))).toBe('unreadable');
    expect(refusedAs(avif(10, 10).subarray(0, 60))).toBe('unreadable');
  });

  it('is refused beyond 10 000 pixels a side or 40 megapixels, whatever its file size', () => {
    const huge = png(20_000, 20_000, 20_000);
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    expect(refusedAs(huge)).toBe('overLimits');
    expect(refusedAs(png(8_000, 8_000, 8_000))).toBe('overLimits');
    expect(refusedAs(png(8_000, 5_000, 8_000))).toBe('accepted');
    expect(refusedAs(avif(30_000, 30_000))).toBe('overLimits');
  });

  it('is no image when no accepted signature starts it', () => {
    expect(refusedAs(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('notAnImage');
    expect(refusedAs(Buffer.concat([Buffer.from('BM'), Buffer.alloc(40)]))).toBe('notAnImage');
  });
});
