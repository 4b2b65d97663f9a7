import { parseArgs } from 'node:util';
import { AmoId, ManagementType, PASSWORD_MIN_LENGTH, RoleInput } from '@cm/contract';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirectoryInUseError } from '../db/data-dir-lock.js';
import { resetTwoFactorByOperator } from '../modules/two-factor/service.js';
import { upsertUser } from '../modules/users/service.js';

const USAGE = `Usage: npm run user:create -- --email E --password P --role administrator|manager|worker
         [--name N] [--department D]... [--amo-id N] [--management-type offline|online|hybrid]
         [--reset-two-factor]

Creates the user, or updates the one with that e-mail (new password, role; ends their sessions).
--reset-two-factor also turns off their two-factor sign-in: the way back in for an administrator who lost
their phone and recovery codes when no other administrator can reset it (or after APP_SECRET changed).
Missing departments are created. Works on the embedded database while the server is stopped,
and on PostgreSQL (DATABASE_URL) at any time.`;

const Arguments = z.object({
  email: z.email(),
  password: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`),
  role: RoleInput,
  name: z.string().trim().min(1).optional(),
  department: z.array(z.string().trim().min(1)).optional(),
  'amo-id': z.coerce.number().pipe(AmoId).optional(),
  'management-type': ManagementType.optional(),
  'reset-two-factor': z.boolean().optional(),
});

async function main(): Promise<number> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        department: { type: 'string', multiple: true },
        'amo-id': { type: 'string' },
        'management-type': { type: 'string' },
        'reset-two-factor': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const parsed = Arguments.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    console.error(`\n${USAGE}`);
    return 2;
  }
  const input = parsed.data;
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const result = await database.db.transaction(async (tx) => {
      const user = await upsertUser(tx, {
        email: input.email,
        password: input.password,
        role: input.role,
        name: input.name,
        departments: input.department,
        amoId: input['amo-id'],
        managementType: input['management-type'],
      });
      const twoFactorReset = input['reset-two-factor'] === true && (await resetTwoFactorByOperator(tx, user.id));
      return { ...user, twoFactorReset };
    });
    console.log(`${result.created ? 'Created' : 'Updated'} ${input.role} ${input.email}`);
    if (result.twoFactorReset) console.log('Two-factor sign-in turned off: they sign in with the password alone.');
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirectoryInUseError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
