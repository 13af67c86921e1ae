import { afterAll } from 'vitest';
import { setPasswordCost } from '../src/features/system/auth/passwords.js';
import { endAll } from './children.js';

// Run before each test file (vitest.config.ts setupFiles), so each file's hook is its own: test
// files share their worker's modules (isolate: false), and children.ts is imported once per worker.
// After-all hooks run last registered first, so the file's own stops (which check how the server
// ended) have run when this does.
afterAll(endAll);

// Passwords hashed at the generated passwords' cost rather than a person's: 2^15 was most of the
// CPU of the files that sign in often (passwords.ts setPasswordCost; passwords.test.ts checks 2^15).
setPasswordCost(2 ** 10);
