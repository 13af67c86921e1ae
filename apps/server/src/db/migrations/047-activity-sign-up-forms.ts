import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * 报名表 (features/activities/sign-up-form.ts): an activity may name a form of 表单与问卷 that
 * members fill in to sign up (0: none, as every existing activity), and each notice keeps the
 * response its sign-up (or its place on the waitlist) answered with (0: none).
 */
export const activitySignUpForms: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('activities').addColumn('sign_up_form_id', 'integer', notNullDefault(0)).execute();
    await db.schema.alterTable('activity_notices').addColumn('sign_up_response_id', 'integer', notNullDefault(0)).execute();
  },
});
