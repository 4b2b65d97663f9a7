import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Fixed salt: the key only has to differ from other keys derived from the same secret, which `info` ensures. */
const SALT = 'components-master/secret-box';

export type SecretBox = {
  /** Encrypts `plaintext` for storage; `purpose` (e.g. the column) must be given again to open it. */
  seal(plaintext: string, purpose: string): string;
  /** Decrypts what `seal` produced for the same purpose; throws when it was altered or sealed with another key. */
  open(sealed: string, purpose: string): string;
};

/**
 * Authenticated encryption of secrets at rest (AES-256-GCM) with a key derived from APP_SECRET by HKDF-SHA256.
 * The purpose is bound as additional data, so a sealed value copied into another column does not open there.
 * Output: `v1.<iv>.<ciphertext>.<tag>`, base64url.
 */
export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, SALT, `secret-box/${VERSION}/aes-256-gcm`, 32));
  return {
    seal(plaintext, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, purpose) {
      const [version, iv, ciphertext, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || ciphertext === undefined || tag === undefined || rest.length) {
        throw new Error('not a sealed secret of a known version');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
