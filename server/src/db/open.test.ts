import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, testConfig } from '../testing/test-config.js';
import { DataDirInUseError } from './data-dir.js';
import { openAdminDatabase, openDatabase } from './open.js';

const ignoreIdleErrors = () => undefined;

test('admin commands share the running server database, or open it themselves', async () => {
  const config = testConfig({ DATA_DIR: makeTempDir('data') });
  const server = await openDatabase(config, ignoreIdleErrors);
  await server.exec('CREATE TABLE visit (n int); INSERT INTO visit VALUES (1);');
  expect(existsSync(join(config.dataDir, '.server.json'))).toBe(true);

  const throughServer = await openAdminDatabase(config);
  await throughServer.query('INSERT INTO visit VALUES (2)');
  expect((await server.query('SELECT count(*) AS visits FROM visit')).rows).toEqual([
    { visits: 2 },
  ]);
  await expect(openDatabase(config, ignoreIdleErrors)).rejects.toThrow(DataDirInUseError);
  await throughServer.close();
  await server.close();
  expect(existsSync(join(config.dataDir, '.server.json'))).toBe(false);

  const alone = await openAdminDatabase(config);
  expect(alone.mode).toBe('embedded');
  expect((await alone.query('SELECT count(*) AS visits FROM visit')).rows).toEqual([{ visits: 2 }]);
  await alone.close();
});

test('an unreachable PostgreSQL is reported with its host and without the password', async () => {
  const config = testConfig({ DATABASE_URL: 'postgres://blog:secret@127.0.0.1:1/blogstream' });

  const opening = openDatabase(config, ignoreIdleErrors);

  await expect(opening).rejects.toThrow(
    /^Cannot reach PostgreSQL at 127\.0\.0\.1:1 \(DATABASE_URL\): /,
  );
  await expect(opening).rejects.not.toThrow(/secret/);
});
