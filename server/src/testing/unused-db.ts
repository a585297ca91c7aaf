import type { Db } from '../db/db.js';

const unused = () => Promise.reject(new Error('this test does not use the database'));

/** For HTTP tests of routes that never reach the database. */
export const unusedDb: Db = {
  mode: 'embedded',
  query: unused,
  exec: unused,
  transaction: unused,
  close: () => Promise.resolve(),
};
