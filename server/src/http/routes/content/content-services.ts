import type { Config } from '../../../config.js';
import type { Db } from '../../../db/db.js';
import type { Log } from '../../../lib/log.js';
import { createAskService, type AskService } from '../../../intelligence/ask/ask-service.js';
import {
  semanticSearchLoader,
  type SemanticSearchLoader,
} from '../../../intelligence/embeddings/semantic-service.js';
import { LexicalIndex } from '../../../intelligence/search/lexical/lexical-index.js';
import { RankingCache } from '../../../intelligence/search/ranking-cache.js';
import { pageFetcher } from '../../../intelligence/summaries/page-text.js';
import {
  createSummaryRateLimit,
  type HourlyRateLimit,
} from '../../../intelligence/summaries/summary-rate-limit.js';
import {
  createSummaryService,
  type SummaryService,
} from '../../../intelligence/summaries/summary-service.js';

/** Search rankings and more-like-this layouts kept (each a few hundred ids) and for how long. */
const RANKINGS_KEPT = 2_000;
const RANKINGS_TTL_MS = 10 * 60_000;

/**
 * The services that read the content, built once per process: for the site's routes, and for the
 * agents' tools over MCP, which call the same ones (docs/decisions/0038, "Since").
 */
export interface ContentServices {
  db: Db;
  lexical: LexicalIndex;
  semantic: SemanticSearchLoader;
  /** Search rankings and more-like-this layouts, per query or article and snapshot. */
  rankings: RankingCache<number[]>;
  summaries: { service: SummaryService; rateLimit: HourlyRateLimit };
  ask: AskService;
  /** Saves the search indexes (when they have files) and closes the page fetcher. */
  close(): Promise<void>;
}

export function contentServices(
  config: Config,
  db: Db,
  log: Log,
  files?: { lexical: string; vectors: string },
): ContentServices {
  const semantic = semanticSearchLoader(config, db, log, { vectorSnapshotFile: files?.vectors });
  const lexical = new LexicalIndex(db, { snapshotFile: files?.lexical, log });
  const fetcher = pageFetcher(config);
  return {
    db,
    lexical,
    semantic,
    rankings: new RankingCache({ max: RANKINGS_KEPT, ttlMs: RANKINGS_TTL_MS }),
    summaries: {
      service: createSummaryService({ db, config, fetcher, log }),
      rateLimit: createSummaryRateLimit(db, config.summaries.computedPerIpPerHour),
    },
    ask: createAskService(config, db, { lexical, semantic }, log),
    close: async () => {
      const dense = semantic.current();
      await Promise.all([
        lexical.flush(),
        typeof dense === 'object' && dense.index.flush(),
        fetcher.close(),
      ]);
    },
  };
}
