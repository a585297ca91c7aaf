import { keyPhrases } from './key-phrases.js';

describe('key phrases', () => {
  test('are phrases the title names and the text uses, or the text uses twice: never a passing mention', () => {
    const title = 'PgBouncer hits beta';
    const text = [
      'PgBouncer keeps database connections open between requests.',
      'Connection pooling with PgBouncer returns a connection to the pool after each transaction.',
      'Connection pooling needs care with prepared statements.',
      'A Tale of the WG meeting at T0 mentioned the job once.',
    ].join(' ');

    const phrases = keyPhrases([
      { text: title, weight: 2, title: true },
      { text, weight: 1 },
    ]).map((phrase) => phrase.toLowerCase());

    expect(phrases).toEqual(expect.arrayContaining(['pgbouncer', 'connection pooling']));
    for (const passing of ['tale', 'wg', 't0', 'job', 'hits beta', 'beta', 'meeting']) {
      expect(phrases).not.toContain(passing);
    }
  });
});
