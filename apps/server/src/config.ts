import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Locale, TimeZone } from '@cm/contract';
import { z } from 'zod';

const DURATION_UNITS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** A duration such as `90s`, `15m`, `12h` or `7d`, parsed to seconds. */
const duration = z
  .string()
  .regex(/^\d+[smhd]$/, 'expected a number followed by s, m, h or d, e.g. 15m')
  .transform((value) => {
    const unit = value.slice(-1) as keyof typeof DURATION_UNITS;
    return Number(value.slice(0, -1)) * DURATION_UNITS[unit];
  })
  .refine((seconds) => seconds > 0, 'must be longer than zero');

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const EnvironmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .url()
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  APP_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  APP_NAME: z.string().trim().min(1).default('Components Master'),
  APP_BRAND: optionalText,
  DEV_MODE: flag.default(false),
  MAINTENANCE: flag.default(false),
  SEED_DEMO: flag.optional(),
  DEMO_LOCALE: Locale.default('en'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  SHUTDOWN_DRAIN: duration.optional(),
  ACCESS_TOKEN_TTL: duration.default(15 * 60),
  REFRESH_TOKEN_IDLE_TTL: duration.default(12 * 3600),
  REFRESH_TOKEN_ABSOLUTE_TTL: duration.default(7 * 86_400),
  REFRESH_TOKEN_REUSE_GRACE: duration.default(10),
  WEB_DIST_DIR: optionalText,
  TIME_ZONE: TimeZone.default('Europe/Moscow'),
  AMOCRM_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(7),
  AMOCRM_ALLOW_PRIVATE_ADDRESSES: flag.optional(),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine((url) => {
        const parsed = new URL(url);
        return parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
      }, 'must be an origin such as https://backoffice.example.com')
      .optional(),
  ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'pglite'; directory: string } | { kind: 'postgres'; url: string; poolSize: number };
  appSecret: string;
  appName: string;
  appBrand: string | null;
  devMode: boolean;
  /**
   * Maintenance mode held on by this server whatever administrators save (MAINTENANCE=true), until it restarts
   * without it (ADR 0046).
   */
  maintenance: boolean;
  seedDemo: boolean;
  /** Language the demo is seeded in; it stays in that language, as data does, whatever the language of the screens. */
  demoLocale: Locale;
  logLevel: z.infer<typeof EnvironmentSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  /**
   * Seconds between a stop signal and closing, while the health check already fails: a load balancer's checks notice
   * and send the instance nothing more before it stops listening (ADR 0049). 0 without a balancer.
   */
  shutdownDrainSeconds: number;
  accessTokenTtlSeconds: number;
  refreshTokenIdleTtlSeconds: number;
  refreshTokenAbsoluteTtlSeconds: number;
  refreshTokenReuseGraceSeconds: number;
  /** Built web app to serve, or null when it has not been built (API-only, e.g. in tests). */
  webDistDir: string | null;
  /** The organisation's time zone: period filters ("from 1 March") start at its midnight. */
  timeZone: string;
  /** Requests per second the amoCRM sync may send: amoCRM allows 7 per account; tests of a local stand-in go faster. */
  amocrmRequestsPerSecond: number;
  /**
   * Whether the amoCRM address may be on this machine or a private network (the local stand-in). Off, the
   * server connects only to public addresses, so an administrator cannot point it at internal hosts.
   */
  amocrmAllowPrivateAddresses: boolean;
  /** The origin people and amoCRM reach this server at, e.g. `https://backoffice.example.com`; null when unknown. */
  publicUrl: string | null;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEFAULT_WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * Parses the environment once. Every problem is reported together, naming the variable, so an operator
 * fixes the configuration in one go. On the embedded database a missing APP_SECRET is generated and kept in
 * the data directory; with PostgreSQL it is required, because several instances must share it.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // `PORT=` (set but empty) means "not set", not port 0.
  const given = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = EnvironmentSchema.safeParse(given);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  if (env.DATABASE_URL && !env.APP_SECRET) {
    throw new ConfigError([
      'APP_SECRET: required when DATABASE_URL is set (at least 32 characters, the same on every instance)',
    ]);
  }
  if (env.REFRESH_TOKEN_IDLE_TTL > env.REFRESH_TOKEN_ABSOLUTE_TTL) {
    throw new ConfigError(['REFRESH_TOKEN_IDLE_TTL: must not be longer than REFRESH_TOKEN_ABSOLUTE_TTL']);
  }
  const webDistDir = env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', directory: path.join(dataDir, 'pglite') },
    appSecret: env.APP_SECRET ?? readOrCreateSecret(dataDir),
    appName: env.APP_NAME,
    timeZone: env.TIME_ZONE,
    appBrand: env.APP_BRAND ?? null,
    devMode: env.DEV_MODE,
    maintenance: env.MAINTENANCE,
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    demoLocale: env.DEMO_LOCALE,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN ?? 0,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    refreshTokenIdleTtlSeconds: env.REFRESH_TOKEN_IDLE_TTL,
    refreshTokenAbsoluteTtlSeconds: env.REFRESH_TOKEN_ABSOLUTE_TTL,
    refreshTokenReuseGraceSeconds: env.REFRESH_TOKEN_REUSE_GRACE,
    webDistDir: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : null,
    amocrmRequestsPerSecond: env.AMOCRM_REQUESTS_PER_SECOND,
    // The demo's stand-in runs on this machine; a production server (PostgreSQL, no demo) reaches out only to the internet.
    amocrmAllowPrivateAddresses: env.AMOCRM_ALLOW_PRIVATE_ADDRESSES ?? env.SEED_DEMO ?? !env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
