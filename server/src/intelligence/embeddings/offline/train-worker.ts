import { parentPort, workerData } from 'node:worker_threads';
import { trainModelFile } from './train-artefact.js';
import { TEXT_SEPARATOR, type TrainingRequest } from './train-in-worker.js';

// A worker thread's entry: trains the model file, so the process's event loop keeps answering
// requests meanwhile (docs/decisions/0043).
const { texts, cacheDir, trainedOn } = workerData as TrainingRequest;
const { file } = trainModelFile(
  new TextDecoder().decode(texts).split(TEXT_SEPARATOR),
  cacheDir,
  trainedOn,
);
parentPort!.postMessage(file);
