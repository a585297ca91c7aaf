import { once } from 'node:events';
import { connect } from 'node:net';
import { protocol } from '@electric-sql/pglite';
import type { Db } from '../db.js';
import { openPgPool } from './pg-pool.js';
import { IN_MEMORY, openPglite, type EmbeddedDb } from './pglite.js';

let server: EmbeddedDb;
let admin: Db;
let adminPort: number;

beforeAll(async () => {
  server = await openPglite(IN_MEMORY);
  adminPort = (await server.listenOnLoopback(0)).port;
  admin = openPgPool(`postgres://postgres@127.0.0.1:${adminPort}/postgres`, { max: 2 });
  await server.exec('CREATE TABLE note (id int PRIMARY KEY)');
});

afterAll(async () => {
  await admin.close();
  await server.close();
});

beforeEach(() => server.exec('TRUNCATE note'));

const noteIds = async () =>
  (await server.query<{ id: number }>('SELECT id FROM note ORDER BY id')).rows.map((r) => r.id);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('an admin write is not swallowed by a server transaction that rolls back', async () => {
  const serverTransaction = server
    .transaction(async (tx) => {
      await tx.query('INSERT INTO note VALUES (1)');
      await pause(100);
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await pause(20);
  await admin.query('INSERT INTO note VALUES (2)');
  await serverTransaction;

  expect(await noteIds()).toEqual([2]);
});

test('a server write is not swallowed by an admin transaction that rolls back', async () => {
  const adminTransaction = admin
    .transaction(async (tx) => {
      await tx.query('INSERT INTO note VALUES (1)');
      await pause(100);
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await pause(20);
  await server.query('INSERT INTO note VALUES (2)');
  await adminTransaction;

  expect(await noteIds()).toEqual([2]);
});

test('server and admin queries running together each get their own results', async () => {
  const ask = (db: Db, n: number) =>
    db.query<{ n: number; label: string }>(`SELECT $1::int AS n, 'q${n % 7}' AS label`, [n]);
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, n) => ask(n % 2 === 0 ? server : admin, n)),
  );

  results.forEach((result, n) => expect(result.rows).toEqual([{ n, label: `q${n % 7}` }]));
});

test('a server query waits while an admin client is between Parse and Sync', async () => {
  const { serialize } = protocol;
  const socket = connect(adminPort, '127.0.0.1');
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  socket.on('data', (data: Buffer) => (received = Buffer.concat([received, data])));
  const readyForQuery = async () => {
    while (received.subarray(-6, -5).toString() !== 'Z') await pause(5);
  };
  socket.write(serialize.startup({ user: 'postgres', database: 'postgres' }));
  await readyForQuery();
  received = Buffer.alloc(0);

  socket.write(serialize.parse({ text: "SELECT 'from-admin' AS who" }));
  await pause(20);
  const serverQuery = server.query<{ who: string }>("SELECT 'from-server' AS who");
  await pause(50);
  socket.write(
    Buffer.concat([serialize.bind({}), serialize.execute({}), serialize.sync()].map(Buffer.from)),
  );
  await readyForQuery();
  socket.end(serialize.end());
  await once(socket, 'close');

  expect(received.toString('latin1')).toContain('from-admin');
  expect((await serverQuery).rows).toEqual([{ who: 'from-server' }]);
});
