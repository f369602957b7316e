import { DEFAULT_CURRENCY, fullBudgetCode, normalizeEmail, type Branch, type ExpenseCategory, type SystemRole } from '@imprest/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import { hashPassword } from '../modules/auth/passwords';
import { countUsers, insertUser } from '../modules/users/repository';
import type { Database } from './schema';

export const DEMO_PASSWORD = 'demo-pass-2026';
const DEMO_ORGANIZATION = 'Imprest Demo';

interface DemoUser {
  email: string;
  fullname: string;
  department: string;
  /** The position field; the user form groups positions as staff, admin and director. */
  role: string;
  system_role: SystemRole;
  phone_number: string;
}

/** One account per system role plus a second staff member (docs/architecture.md §Operations). */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'staff@example.org',
    fullname: 'Neema Mushi',
    department: 'engineering',
    role: 'staff',
    system_role: 'staff',
    phone_number: '0712345601',
  },
  {
    email: 'admin@example.org',
    fullname: 'Baraka Mwakyusa',
    department: 'administration',
    role: 'admin',
    system_role: 'admin',
    phone_number: '0712345602',
  },
  {
    email: 'petty_cash_custodian@example.org',
    fullname: 'Rehema Said',
    department: 'accounting',
    role: 'admin',
    system_role: 'petty_cash_custodian',
    phone_number: '0712345603',
  },
  {
    email: 'stem_park_manager@example.org',
    fullname: 'Juma Kimaro',
    department: 'outreach',
    role: 'admin',
    system_role: 'stem_park_manager',
    phone_number: '0712345604',
  },
  {
    email: 'finance_officer@example.org',
    fullname: 'Grace Lyimo',
    department: 'finance',
    role: 'admin',
    system_role: 'finance_officer',
    phone_number: '0712345605',
  },
  {
    email: 'executive_secretary@example.org',
    fullname: 'Faraji Mollel',
    department: 'administration',
    role: 'admin',
    system_role: 'executive_secretary',
    phone_number: '0712345606',
  },
  {
    email: 'director@example.org',
    fullname: 'Amina Kessy',
    department: 'administration',
    role: 'director',
    system_role: 'director',
    phone_number: '0712345607',
  },
  {
    email: 'board_chairman@example.org',
    fullname: 'Joseph Mrema',
    department: 'administration',
    role: 'director',
    system_role: 'board_chairman',
    phone_number: '0712345608',
  },
  {
    email: 'staff2@example.org',
    fullname: 'Daudi Massawe',
    department: 'stemKits',
    role: 'staff',
    system_role: 'staff',
    phone_number: '0712345609',
  },
];

interface DemoBudget {
  name: string;
  description: string;
  category: ExpenseCategory;
  branch: Branch;
  costCode: number;
  /** Whole shillings; stored as cents. */
  amount: number;
}

const DEMO_BUDGETS: readonly DemoBudget[] = [
  {
    name: 'Office supplies',
    description: 'Stationery and consumables for the Dar es Salaam STEM park',
    category: 'operatingCost',
    branch: 'stemParkDar',
    costCode: 1,
    amount: 25_000_000,
  },
  {
    name: 'Staff travel',
    description: 'Travel of head-office staff to programme sites',
    category: 'administrationalCost',
    branch: 'hq',
    costCode: 10,
    amount: 60_000_000,
  },
  {
    name: 'STEM kits',
    description: 'Science kits for schools served from the Tanga STEM park',
    category: 'stemKits',
    branch: 'stemParkTanga',
    costCode: 5,
    amount: 300_000_000,
  },
];

export interface SeedOptions {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  adminEmail: string | null;
  adminPassword: string | null;
}

export type SeedResult = 'admin' | 'demo' | 'skipped';

const SEED_MARKER = 'first_start_seeded_at';

/**
 * First start: with an empty users table, create the configured director or the demo
 * organisation. The marker row is written first inside the transaction, so of two instances
 * starting together one seeds and the other waits on the row lock, then skips.
 */
export async function seedFirstStart(options: SeedOptions): Promise<SeedResult> {
  const { db, clock, log } = options;
  if ((await countUsers(db)) > 0) return 'skipped';

  const admin =
    options.adminEmail && options.adminPassword ? { email: normalizeEmail(options.adminEmail), password: options.adminPassword } : null;
  // One hash for every demo account: their password is published anyway, and argon2 is slow on purpose.
  const passwordHash = await hashPassword(admin ? admin.password : DEMO_PASSWORD);
  const now = clock().toISOString();

  const result = await db.transaction().execute(async (trx): Promise<SeedResult> => {
    const marked = await trx
      .insertInto('app_secrets')
      .values({ key: SEED_MARKER, value: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0 || (await countUsers(trx)) > 0) return 'skipped';

    const organization = await trx
      .insertInto('organizations')
      .values({ name: admin ? 'Imprest' : DEMO_ORGANIZATION, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = {
      organization_id: organization.id,
      created_at: now,
      modified_at: now,
      last_logged_in: null,
      deleted_at: null,
      lock_reason: null,
    };

    if (admin) {
      await insertUser(trx, {
        ...base,
        email: admin.email,
        fullname: 'Administrator',
        department: 'administration',
        role: 'director',
        system_role: 'director',
        phone_number: '',
        password_hash: passwordHash,
      });
      return 'admin';
    }

    for (const user of DEMO_USERS) {
      await insertUser(trx, { ...base, ...user, password_hash: passwordHash });
    }
    for (const budget of DEMO_BUDGETS) {
      await trx
        .insertInto('budget_codes')
        .values({
          organization_id: organization.id,
          name: budget.name,
          code: fullBudgetCode(budget.category, budget.branch, budget.costCode),
          description: budget.description,
          amount: budget.amount * 100,
          amount_currency: DEFAULT_CURRENCY,
          department: 'all',
          current_status: 'active',
          meta_data: JSON.stringify([budget.category, budget.branch]),
          created_at: now,
          modified_at: now,
        })
        .execute();
    }
    return 'demo';
  });

  if (result === 'admin') log.info(`First start: created the director account ${admin!.email}.`);
  if (result === 'demo') {
    log.warn(
      `First start: created the demo organisation "${DEMO_ORGANIZATION}" with accounts ` +
        `${DEMO_USERS.map((u) => u.email).join(', ')} — all with the password "${DEMO_PASSWORD}". ` +
        'Set ADMIN_EMAIL and ADMIN_PASSWORD on an empty database to start without demo data.',
    );
  }
  return result;
}
