import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Imported members' initial passwords (features/membership/import.ts): each is random and known
 * to the staff who imported it, so, as for an administrator whose password another set
 * (admin_users.must_change_password), the member's first sign-in opens nothing but its
 * replacement (features/members/guard.ts). An e-mail that carries such a password is marked
 * secret: the outbox empties its body once it is sent or given up (features/mail/outbox.ts).
 */
export const memberInitialPasswords: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('members').addColumn('must_change_password', 'integer', notNullDefault(0)).execute();
    await db.schema.alterTable('mail_outbox').addColumn('secret', 'integer', notNullDefault(0)).execute();
  },
});
