import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { unstorableTextPath } from '../lib/storable-text.js';

/**
 * Refuses, before any route's own validation, every request whose parameters, query or JSON body hold a
 * character the database cannot store (NUL, or half a surrogate pair): one check for every operation,
 * answered 400 VALIDATION_FAILED naming the field, instead of a database error half-way through a write.
 * File bodies are read by their own readers (lib/untrusted-files).
 */
export const storableInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const path =
      unstorableTextPath(request.params, 'params') ??
      unstorableTextPath(request.query, 'querystring') ??
      unstorableTextPath(request.body, 'body');
    if (path) {
      throw new AppError('VALIDATION_FAILED', {
        errors: [
          {
            path,
            message: 'Text must not contain NUL characters or unpaired surrogates',
            code: 'unstorable_character',
          },
        ],
      });
    }
  });
});
