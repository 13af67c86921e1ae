import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/** A new PostgreSQL schema name for one test database, within this run's (test/global-setup.ts drops them when the run ends). */
export const testSchemaName = () => `t_${inject('schemaRun')}_${randomBytes(6).toString('hex')}`;
