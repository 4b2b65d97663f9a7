import { IdParams, IMAGE_MAX_BYTES, IMAGE_TYPES, UploadedImage } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { FileRefused } from '../../lib/untrusted-files/limits.js';
import { inspectImageInWorker } from '../../lib/untrusted-files/run-in-worker.js';
import { authOf, PUBLIC, requireRole } from '../../plugins/auth.js';
import { FileBody, problems } from '../../plugins/openapi.js';
import { findImage, storeImage } from './repository.js';

const REFUSALS = {
  notAnImage: 'IMAGE_TYPE_NOT_ALLOWED',
  overLimits: 'IMAGE_TOO_LARGE',
  unreadable: 'IMAGE_UNREADABLE',
} as const;

/** The upload's image, its whole structure checked off the event loop. */
async function inspected(content: Buffer) {
  try {
    return await inspectImageInWorker(content);
  } catch (error) {
    if (error instanceof FileRefused) throw new AppError(REFUSALS[error.kind]);
    throw error;
  }
}

const tags = ['images'];

/** Images for component pictures and descriptions: uploaded as the raw request body, served by id. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Whatever type the browser declares (it guesses from the file name), the content decides below.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post('', {
    config: { access: requireRole('worker', 'administrator') },
    schema: {
      tags,
      summary: 'Upload an image (PNG, JPEG, GIF or AVIF, at most 2 MiB, recognised by content)',
      description:
        'The request body is the image file itself. Its whole structure is checked: a damaged or truncated ' +
        'image is refused (422 IMAGE_UNREADABLE), as is one over 10 000 pixels a side or 40 megapixels ' +
        '(422 IMAGE_TOO_LARGE). Bytes after the end of a JPEG or GIF are not kept.',
      body: FileBody.meta({ description: 'The image file itself' }),
      consumes: [...IMAGE_TYPES],
      response: { 201: UploadedImage, ...problems(400, 401, 403, 413, 415, 422, 503) },
    },
    handler: async (request, reply) => {
      const { contentType, content: bytes } = await inspected(request.body);
      const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const id = await storeImage(app.db, { contentType, content, uploadedBy: authOf(request).userId });
      return reply.status(201).send({ id, url: `/api/images/${id}`, contentType, size: content.length });
    },
  });

  app.get('/:id', {
    // <img> elements send no bearer token; the unguessable id is the capability, as for a shared link.
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'An uploaded image',
      params: IdParams,
      security: [],
      response: { 200: z.unknown().describe('The image bytes'), ...problems(404) },
    },
    handler: async (request, reply) => {
      const image = await findImage(app.db, request.params.id);
      if (!image) throw new AppError('NOT_FOUND');
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(image.content));
    },
  });
};
