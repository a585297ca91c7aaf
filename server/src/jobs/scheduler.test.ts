import { Scheduler, type Job } from './scheduler.js';

test('a job never runs twice at once, errors are reported, and stop aborts and waits', async () => {
  const errors: unknown[] = [];
  const scheduler = new Scheduler((_job, error) => errors.push(error));
  let runs = 0;
  let aborted = false;
  const job: Job = {
    name: 'slow',
    run: (signal) =>
      new Promise((resolve) => {
        runs += 1;
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        });
      }),
  };
  const first = scheduler.runNow(job);
  expect(scheduler.runNow(job)).toBe(first);
  expect(runs).toBe(1);

  await scheduler.runNow({ name: 'failing', run: () => Promise.reject(new Error('boom')) });
  expect(errors).toEqual([new Error('boom')]);

  await scheduler.stop();
  expect(aborted).toBe(true);
  await scheduler.runNow(job);
  expect(runs).toBe(1);
});
