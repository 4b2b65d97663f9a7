import {
  AVATAR_MAX_BYTES,
  AVATAR_SIDE,
  AvatarChoice,
  ColleagueList,
  IMAGE_TYPES,
  PasswordChange,
  ProfileChange,
  SignedInUser,
} from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authOf,
  currentDepartment,
  evenBeforePasswordChange,
  evenBeforeTwoFactorSetup,
  inDepartment,
  SIGNED_IN,
} from '../../plugins/auth.js';
import { FileBody, problems } from '../../plugins/openapi.js';
import { createAvatarService } from './avatar.js';
import { createProfileService } from './service.js';

const tags = ['profile'];

/**
 * The signed-in person's own account (PRODUCT.md §5 "Profile"): every route acts on the caller alone, named by
 * the access token, never by an id in the request. What the profile shows of the account is `/auth/me`.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profile = createProfileService(app);
  const avatar = createAvatarService(app);

  app.patch('', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Change your own name, language, theme or social profiles; answers the signed-in user as /auth/me does',
      description:
        'Social profiles are sent all at once and each is read into its canonical form (a Telegram username, a ' +
        'WhatsApp number in international form, a VK short name or id, a LinkedIn public profile name); one that ' +
        'is not a profile of its network answers 400 VALIDATION_FAILED with its field. The change is audited.',
      body: ProfileChange,
      response: { 200: SignedInUser, ...problems(400, 401) },
    },
    handler: (request) => profile.change(authOf(request), request.body, request.ip),
  });

  app.post('/password', {
    // The one thing a session holding a temporary password may do; it clears the need. An administrator who must
    // turn on two-factor sign-in may replace a temporary password first.
    config: { access: evenBeforeTwoFactorSetup(evenBeforePasswordChange(SIGNED_IN)) },
    schema: {
      tags,
      summary: 'Change your own password; every other session of yours ends, this one carries on',
      description:
        'A wrong current password answers 422 CURRENT_PASSWORD_INCORRECT; repeated wrong ones are throttled like sign-in attempts (429).',
      body: PasswordChange,
      response: { 204: z.null().describe('Password changed'), ...problems(400, 401, 422, 429) },
    },
    handler: async (request, reply) => {
      await profile.changePassword(authOf(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  });

  app.get('/colleagues', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: 'The other active members of your current department, with what a colleague may see of them',
      response: { 200: ColleagueList, ...problems(401, 403) },
    },
    handler: (request) => profile.colleagues(authOf(request), currentDepartment(request)),
  });

  // The upload alone reads its body as bytes, whatever type the browser declares: the content decides.
  const avatarUpload: FastifyPluginAsyncZod = async (upload) => {
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    upload.post('/avatar', {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Upload your own avatar (PNG, JPEG, GIF or AVIF, at most 2 MiB, recognised by content)',
        description:
          'The request body is the image file itself. It is read off the event loop within limits: another ' +
          'type answers 415 IMAGE_TYPE_NOT_ALLOWED, a larger file 413 PAYLOAD_TOO_LARGE, a damaged or ' +
          'undecodable one 422 IMAGE_UNREADABLE, one over 10 000 pixels a side or 40 megapixels 422 ' +
          `IMAGE_TOO_LARGE. It is kept as a square WebP of at most ${AVATAR_SIDE} pixels a side without any of ` +
          "the file's metadata, served from /api/images/{id}; the avatar it replaces, if uploaded, is deleted.",
        body: FileBody.meta({ description: 'The image file itself' }),
        consumes: [...IMAGE_TYPES],
        response: { 200: SignedInUser, ...problems(400, 401, 413, 415, 422, 503) },
      },
      handler: (request) => avatar.upload(authOf(request), request.body, request.ip),
    });
  };
  await app.register(avatarUpload);

  app.put('/avatar', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Choose one of the bundled avatars as your own',
      body: AvatarChoice,
      response: { 200: SignedInUser, ...problems(400, 401) },
    },
    handler: (request) => avatar.choose(authOf(request), request.body.avatar, request.ip),
  });

  app.delete('/avatar', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Go back to the default avatar',
      response: { 200: SignedInUser, ...problems(401) },
    },
    handler: (request) => avatar.remove(authOf(request), request.ip),
  });
};
