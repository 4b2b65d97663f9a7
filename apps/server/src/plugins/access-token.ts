import { createHmac, webcrypto } from 'node:crypto';
import type { Role } from '@cm/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'components-master';
const AUDIENCE = 'components-master-api';

export type AccessClaims = {
  userId: string;
  role: Role;
  /** Current department, or null for a user who belongs to none. */
  departmentId: string | null;
  tokenVersion: number;
  /** Refresh-token family of the session, so a department switch can rotate it. */
  sessionId: string;
};

/** Tokens whose signature was checked, at most; each is verified again once it has been dropped. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Signs and verifies the short-lived access JWTs (HS256, key derived from APP_SECRET). */
export class AccessTokens {
  /**
   * Tokens already verified, with their claims and expiry. A client sends the same token with every request
   * until it expires, and checking the signature again (a WebCrypto job on the thread pool) cost about a
   * tenth of the server's CPU per request. Only the token's own text is remembered: whether its user and
   * session are still allowed is asked of the database on every request (plugins/auth.ts).
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  /** Imported once: given raw bytes, jose imports a WebCrypto key on every call (a tenth of a list request's CPU). */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    appSecret: string,
    private readonly ttlSeconds: number,
  ) {
    // A dedicated key per purpose, so the raw secret is never used to sign anything directly.
    const bytes = createHmac('sha256', appSecret).update('access-token-v1').digest();
    this.key = webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, dep: claims.departmentId, ver: claims.tokenVersion, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /** Returns the claims of a valid token, or null for an expired, forged or malformed one. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const checked = await this.check(token);
    if (checked) {
      // Oldest first out: a Map iterates in insertion order.
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, checked);
    }
    return checked?.claims ?? null;
  }

  private async check(token: string): Promise<{ claims: AccessClaims; expiresAtMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const { sub, role, dep, ver, sid, exp } = payload;
      if (typeof sub !== 'string' || typeof role !== 'string' || typeof ver !== 'number' || typeof sid !== 'string') {
        return null;
      }
      if ((dep !== null && typeof dep !== 'string') || typeof exp !== 'number') return null;
      return {
        claims: { userId: sub, role: role as Role, departmentId: dep, tokenVersion: ver, sessionId: sid },
        expiresAtMs: exp * 1000,
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
