/**
 * Opens the embedded database in `argv[2]`, stores `argv[3]` in a table, says `acknowledged` on
 * stdout and then holds the folder until it is killed: the other process in the folder-lock and
 * durability tests.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../client';

const [folder, value = '1'] = process.argv.slice(2);
if (!folder) throw new Error('usage: hold-database <folder> [value]');
const database = await openDatabase({ pgliteDir: folder });
await database.db.execute(sql`create table if not exists acknowledged_writes (value text not null)`);
await database.db.execute(sql`insert into acknowledged_writes (value) values (${value})`);
process.stdout.write(`acknowledged ${process.pid}\n`);
setInterval(() => {}, 60_000);
