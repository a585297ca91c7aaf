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

  test('a word the tagger cuts in pieces is one concept, and code is no concept at all', () => {
    const text = [
      'The next-generation trait solver runs on Node.js servers.',
      'We rewrote the next-generation trait solver for Node.js in a week.',
      'The old hook took std::panic::PanicInfo and the new one takes std::panic::PanicInfo too.',
    ].join(' ');

    const phrases = keyPhrases([{ text, weight: 1 }]);

    expect(phrases).toEqual(expect.arrayContaining(['next-generation trait solver', 'Node.js']));
    for (const fragment of ['generation trait solver', 'js', 'anicInfo', 'PanicInfo']) {
      expect(phrases).not.toContain(fragment);
    }
  });

  test('a name of four capitalised words is kept whole, not cut to its first three', () => {
    const title = 'Type Alias Impl Trait is stable';
    const text = 'With Type Alias Impl Trait a type alias can name an opaque type. '.repeat(2);

    const phrases = keyPhrases([
      { text: title, weight: 2, title: true },
      { text, weight: 1 },
    ]);

    expect(phrases).toContain('Type Alias Impl Trait');
    expect(phrases).not.toContain('Type Alias Impl');
  });
});
