import { AVATAR_SIDE, type BundledAvatar, DEFAULT_AVATAR_PATH, type SignedInUser } from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { readAvatarImage } from '../../lib/untrusted-files/avatar-image.js';
import { FileRefused } from '../../lib/untrusted-files/limits.js';
import type { AuthContext } from '../../plugins/auth.js';
import { recordAudit } from '../audit/repository.js';
import { signedInUserView } from '../auth/service.js';
import { deleteImage, storeImage } from '../images/repository.js';
import { lockAccount, setAvatar } from './repository.js';

const REFUSALS = {
  notAnImage: 'IMAGE_TYPE_NOT_ALLOWED',
  overLimits: 'IMAGE_TOO_LARGE',
  unreadable: 'IMAGE_UNREADABLE',
} as const;

/** Where an uploaded avatar is served from: the images' own route, by the image's unguessable id. */
const UPLOADED_AVATAR = /^\/api\/images\/([0-9a-f-]{36})$/;

/**
 * A person's avatar: one of the bundled pictures, or an image they upload, kept re-encoded in `images` and
 * served by its id (ADR 0039). The user's `avatar` column holds the path; null is the bundled default.
 */
export function createAvatarService(app: FastifyInstance) {
  const { db } = app;

  /** Sets the avatar, audits the change and drops the upload it replaces, all or nothing. */
  async function replace(
    tx: Executor,
    caller: AuthContext,
    ip: string,
    next: (userId: string) => Promise<string | null>,
  ): Promise<SignedInUser> {
    const account = await lockAccount(tx, caller.userId);
    if (!account) throw new AppError('ACCESS_TOKEN_INVALID');
    const avatar = await next(account.id);
    const before = account.avatar ?? DEFAULT_AVATAR_PATH;
    const after = avatar ?? DEFAULT_AVATAR_PATH;
    if (after !== before) {
      await setAvatar(tx, account.id, avatar);
      const replaced = UPLOADED_AVATAR.exec(before)?.[1];
      if (replaced) await deleteImage(tx, replaced, account.id);
      await recordAudit(tx, {
        action: 'profile.avatar-changed',
        actorUserId: account.id,
        subjectUserId: account.id,
        departmentId: caller.departmentId,
        ip,
        details: { before, after },
      });
    }
    const updated = await lockAccount(tx, account.id);
    if (!updated) throw new AppError('ACCESS_TOKEN_INVALID');
    return signedInUserView(tx, updated, caller.departmentId);
  }

  return {
    /** Reads an uploaded file as an image (by content, off the event loop) and makes it the avatar. */
    async upload(caller: AuthContext, content: Buffer, ip: string): Promise<SignedInUser> {
      let image: Awaited<ReturnType<typeof readAvatarImage>>;
      try {
        image = await readAvatarImage(content, AVATAR_SIDE);
      } catch (error) {
        if (error instanceof FileRefused) {
          app.log.info({ reason: error.reason }, 'avatar refused');
          throw new AppError(REFUSALS[error.kind]);
        }
        throw error;
      }
      return db.transaction((tx) =>
        replace(tx, caller, ip, async (userId) => {
          const id = await storeImage(tx, {
            contentType: image.contentType,
            content: image.content,
            uploadedBy: userId,
          });
          return `/api/images/${id}`;
        }),
      );
    },

    async choose(caller: AuthContext, avatar: BundledAvatar, ip: string): Promise<SignedInUser> {
      return db.transaction((tx) =>
        replace(tx, caller, ip, async () => (avatar === DEFAULT_AVATAR_PATH ? null : avatar)),
      );
    },

    async remove(caller: AuthContext, ip: string): Promise<SignedInUser> {
      return db.transaction((tx) => replace(tx, caller, ip, async () => null));
    },
  };
}
