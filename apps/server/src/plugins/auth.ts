import type { Role } from '@cm/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { departments, refreshTokens, twoFactorSetupDue, userDepartments, users } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { AccessClaims } from './access-token.js';

/**
 * Who may call a route. Every route declares one in `config.access`; a route that declares nothing is
 * refused for everyone (fail closed), so forgetting the declaration can never make a route public.
 */
export type AccessRule =
  | { kind: 'public' }
  | {
      kind: 'signed-in';
      roles: readonly Role[] | 'any';
      department: boolean;
      /** Open to a session whose account must still replace a temporary password; every other route refuses it. */
      beforePasswordChange: boolean;
      /** Open to an administrator the security policy requires to turn on two-factor sign-in first (ADR 0043). */
      beforeTwoFactorSetup: boolean;
    };

/** Anyone, signed in or not. */
export const PUBLIC: AccessRule = { kind: 'public' };
/** Any active signed-in user, whatever their role. */
export const SIGNED_IN: AccessRule = {
  kind: 'signed-in',
  roles: 'any',
  department: false,
  beforePasswordChange: false,
  beforeTwoFactorSetup: false,
};

/** Signed-in users with one of these roles. */
export function requireRole(...roles: Role[]): AccessRule {
  return { kind: 'signed-in', roles, department: false, beforePasswordChange: false, beforeTwoFactorSetup: false };
}

/** Also requires a current department; the handler reads it with `currentDepartment(request)`. */
export function inDepartment(rule: AccessRule): AccessRule {
  if (rule.kind === 'public') throw new Error('a public route has no department scope');
  return { ...rule, department: true };
}

/**
 * Also lets in a session whose account was given a temporary password: only what that session needs to replace it
 * (who is signed in, the password change) declares this.
 */
export function evenBeforePasswordChange(rule: AccessRule): AccessRule {
  if (rule.kind === 'public') throw new Error('a public route lets everyone in already');
  return { ...rule, beforePasswordChange: true };
}

/**
 * Also lets in an administrator who must turn on two-factor sign-in before anything else: who is signed in, the
 * password change and the two-factor setup declare this.
 */
export function evenBeforeTwoFactorSetup(rule: AccessRule): AccessRule {
  if (rule.kind === 'public') throw new Error('a public route lets everyone in already');
  return { ...rule, beforeTwoFactorSetup: true };
}

export type AuthContext = AccessClaims & {
  /** The account was given a temporary password that it has not replaced yet. */
  mustChangePassword: boolean;
  /** The security policy requires two-factor sign-in of this administrator, who has not turned it on. */
  mustSetUpTwoFactor: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The verified caller of a signed-in route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/**
 * The caller's current department. Department-scoped repositories take it from here, never from the
 * request body or URL, so one department's data cannot be reached from another.
 */
export function currentDepartment(request: FastifyRequest): string {
  const { departmentId } = authOf(request);
  if (!departmentId) throw new AppError('NO_CURRENT_DEPARTMENT');
  return departmentId;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The caller's state as `verifyCaller` checks it: built once per database, it runs on every request. */
function buildCallerQuery(db: Database) {
  const departmentId = sql.placeholder('departmentId');
  return db
    .select({
      role: users.role,
      status: users.status,
      tokenVersion: users.tokenVersion,
      mustChangePassword: users.mustChangePassword,
      mustSetUpTwoFactor: twoFactorSetupDue(users.id, users.role),
      // A token without a department needs no membership. An archived department is no one's to work in: its
      // sessions fail here, refresh, and are moved to another of the user's departments (ADR 0040).
      member: sql<boolean>`(${departmentId}::uuid is null or exists (select 1 from ${userDepartments} join ${departments} on ${eq(
        departments.id,
        userDepartments.departmentId,
      )} where ${and(
        eq(userDepartments.userId, users.id),
        eq(userDepartments.departmentId, sql`${departmentId}::uuid`),
        isNull(departments.archivedAt),
      )}))`,
      // Sign-out revokes the session's refresh tokens; its access tokens die with them. The session must be
      // the token's own user's: a token naming another user's live session is no session at all.
      sessionLive: sql<boolean>`exists (select 1 from ${refreshTokens} where ${and(
        eq(refreshTokens.familyId, sql.placeholder('sessionId')),
        eq(refreshTokens.userId, users.id),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.familyExpiresAt, sql`now()`),
      )})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('verify_caller');
}

const callerQueries = new WeakMap<Database, ReturnType<typeof buildCallerQuery>>();

function callerQuery(db: Database): ReturnType<typeof buildCallerQuery> {
  let query = callerQueries.get(db);
  if (!query) {
    query = buildCallerQuery(db);
    callerQueries.set(db, query);
  }
  return query;
}

/**
 * Verifies an access token against the current state of its user: active, same token version, still a
 * member of the department the token names, and a session that has not been signed out. This runs on every request so that disabling a user or
 * changing their role or departments takes effect at once, not when the token expires.
 */
export async function verifyCaller(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  const claims = await app.accessTokens.verify(token);
  if (!claims) return null;
  const [row] = await callerQuery(app.db).execute({
    userId: claims.userId,
    departmentId: claims.departmentId,
    sessionId: claims.sessionId,
  });
  if (row?.status !== 'active' || row.tokenVersion !== claims.tokenVersion || !row.member || !row.sessionLive) {
    return null;
  }
  return {
    ...claims,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
    mustSetUpTwoFactor: row.mustSetUpTwoFactor,
  };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);

  // Checked once everything is registered: plugins may still set a route's rule after the route is added.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    for (const route of routes.filter((candidate) => !candidate.config?.access)) {
      app.log.error(`route ${route.method} ${route.url} declares no access rule; it refuses every request`);
    }
  });

  app.addHook('onRequest', async (request) => {
    // Unknown paths have no route to declare anything; they answer 404 rather than 401.
    if (request.is404) return;
    const rule = request.routeOptions.config.access;
    if (!rule) throw new AppError('FORBIDDEN', { detail: 'This route declares no access rule.' });
    if (rule.kind === 'public') return;

    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const caller = await verifyCaller(app, token);
    if (!caller) throw new AppError('ACCESS_TOKEN_INVALID');
    // Before the role: the session may do nothing else, and saying why beats a FORBIDDEN it would meet again after.
    if (caller.mustChangePassword && !rule.beforePasswordChange) throw new AppError('PASSWORD_CHANGE_REQUIRED');
    if (caller.mustSetUpTwoFactor && !rule.beforeTwoFactorSetup) throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
    if (rule.roles !== 'any' && !rule.roles.includes(caller.role)) throw new AppError('FORBIDDEN');
    if (rule.department && !caller.departmentId) throw new AppError('NO_CURRENT_DEPARTMENT');
    request.auth = caller;
  });
});
