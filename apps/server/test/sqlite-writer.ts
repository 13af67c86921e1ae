// One writer process of db/write-lock.test.ts: opens the data folder's SQLite database as the
// server does and runs transactions that read and then write, as the product's writes do;
// prints how many succeeded and how many failed, with the failures' messages.
import { formatCst } from '@portal/shared';
import { connect } from '../src/db/connection.js';

const [dataDir, name, countArg] = process.argv.slice(2);
const count = Number(countArg);
const database = await connect({ dataDir: dataDir! });
let ok = 0;
const failures: string[] = [];
await Promise.all(
  Array.from({ length: count }, async (_, i) => {
    try {
      await database.db.transaction().execute(async (trx) => {
        // Read first (a limit check, an existence check), then write.
        await trx
          .selectFrom('message_notes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('message_notes')
          .values({ message_id: 1, kind: 'note', text: `${name}-${i}`, admin_id: null, admin_account: '', created_at: formatCst() })
          .execute();
      });
      ok++;
    } catch (error) {
      failures.push((error as Error).message);
    }
  }),
);
await database.close();
process.stdout.write(JSON.stringify({ ok, failures }));
