import { defaultPasswordHashing } from './accounts-config.js';
import { createPasswordHasher } from './passwords.js';

test('hashes with argon2id at 19 MiB and 2 iterations, and verifies', async () => {
  const hasher = await createPasswordHasher(defaultPasswordHashing);
  const stored = await hasher.hash('correct horse battery');
  expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await hasher.verify(stored, 'correct horse battery')).toBe(true);
  expect(await hasher.verify(stored, 'wrong horse battery')).toBe(false);
  expect(await hasher.verify('not a hash', 'anything')).toBe(false);
});

/** CPU time of the process (every thread's), which other work on a busy machine does not stretch. */
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

test('checking against no account costs about as much as against a real one', async () => {
  const hasher = await createPasswordHasher(defaultPasswordHashing);
  const stored = await hasher.hash('correct horse battery');
  const median = async (stored: string | null) => {
    const times: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      const start = cpuMicros();
      expect(await hasher.verify(stored, 'a guess')).toBe(false);
      times.push(cpuMicros() - start);
    }
    return times.sort((a, b) => a - b)[3] ?? 0;
  };
  const known = await median(stored);
  const unknown = await median(null);
  expect(unknown / known).toBeGreaterThan(0.5);
  expect(unknown / known).toBeLessThan(2);
});
