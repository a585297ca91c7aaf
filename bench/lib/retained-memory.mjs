import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// What an index holds: the JavaScript heap and the memory outside it (typed arrays, WebAssembly)
// after a full collection, measured before and after building or loading it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

export function retainedBytes() {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}
