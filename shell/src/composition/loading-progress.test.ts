import { makeStore, selectAppBarProgressActive } from '@blogstream/shared/store';
import { createLoadingProgress } from './loading-progress';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

test('the top bar shows progress until the last of several loads has ended, failed or not', async () => {
  const store = makeStore();
  const whileLoading = createLoadingProgress(store);
  const progress = () => selectAppBarProgressActive(store.getState());
  const first = deferred();
  const second = deferred();

  expect(progress()).toBe(false);
  const loadingFirst = whileLoading(() => first.promise);
  const loadingSecond = whileLoading(() => second.promise).catch(() => 'failed');
  expect(progress()).toBe(true);

  second.reject(new Error('remote unreachable'));
  expect(await loadingSecond).toBe('failed');
  expect(progress()).toBe(true);

  first.resolve();
  await loadingFirst;
  expect(progress()).toBe(false);
});
