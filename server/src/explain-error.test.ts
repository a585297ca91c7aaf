import { ConfigError } from './config.js';
import { DataDirInUseError } from './db/connection/data-dir.js';
import { explainError } from './explain-error.js';

test('errors a person can fix are explained by their own message', () => {
  expect(explainError(new ConfigError(['PORT: too big']))).toBe(
    'Invalid configuration:\n  - PORT: too big',
  );
  expect(explainError(new DataDirInUseError('/data/.pglite.lock', 42))).toMatch(
    /^The embedded database is in use by another Blogstream process \(pid 42\)\./,
  );
});

test('a port in use is explained in one line', () => {
  const error = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 3000 });

  expect(explainError(error)).toBe(
    'Port 3000 is already in use: stop the program using it or set PORT to a free port.',
  );
});

test('anything else is left unexplained, to be shown with its stack', () => {
  expect(explainError(new TypeError('undefined is not a function'))).toBeUndefined();
});
