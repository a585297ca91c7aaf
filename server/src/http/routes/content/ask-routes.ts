import type { Config } from '../../../config.js';
import type { Db } from '../../../db/db.js';
import { answerQuestion } from '../../../intelligence/ask/answer-question.js';
import { ASK_TUNING } from '../../../intelligence/ask/ask-tuning.js';
import { hybridRanking, readyIndexes } from '../../../intelligence/search/hybrid-search.js';
import type { SemanticSearch } from '../../../intelligence/search/hybrid-search.js';
import { SEARCH_WAIT_MS } from '../../../intelligence/search/index-freshness.js';
import type { LexicalIndex } from '../../../intelligence/search/lexical/lexical-index.js';
import { SEARCH_TUNING } from '../../../intelligence/search/search-weights.js';
import { createHourlyRateLimit } from '../../../intelligence/summaries/summary-rate-limit.js';
import type { App } from '../../app-type.js';
import { serve } from '../../endpoint.js';
import { newestPostId } from '../../../db/feeds.js';
import { chargeRateLimit } from './rate-limited.js';

export interface AskIndexes {
  lexical: LexicalIndex;
  semantic: () => Promise<SemanticSearch | null>;
}

/** POST /api/ask {question} -> a quoted answer, or an abstention with the nearest articles. */
export function registerAskRoutes(app: App, config: Config, db: Db, indexes: AskIndexes): void {
  const rateLimit = createHourlyRateLimit(db, 'askPerIp', config.summaries.asksPerIpPerHour);
  const nearestArticles = async (question: string, count: number) => {
    const ready = await readyIndexes(indexes.lexical, indexes.semantic, SEARCH_WAIT_MS);
    const ranking = await hybridRanking(ready, SEARCH_TUNING, question, await newestPostId(db));
    return ranking.slice(0, count);
  };

  serve(app, 'ask', async (request) => {
    await chargeRateLimit(
      rateLimit,
      request.ip,
      'Too many questions asked. Please try again later.',
    );
    return answerQuestion(
      { db, lexical: indexes.lexical, nearestArticles },
      ASK_TUNING,
      request.body.question,
      request.userId,
    );
  });
}
