/**
 * Asking the archive as the site's call and the agents' tool both do (docs/decisions/0038): the
 * answer from the passage index, the nearest articles by the site's search when it abstains, the
 * chat model's written answer when one is configured, and the per-client hourly limit.
 */
import type { AskResponse } from '@blogstream/shared/contract';
import type { Db } from '../../db/db.js';
import { newestPostId } from '../../db/feeds.js';
import type { Log } from '../../lib/log.js';
import { hybridRanking, readyIndexes, type SemanticSearch } from '../search/hybrid-search.js';
import { SEARCH_WAIT_MS } from '../search/index-freshness.js';
import type { LexicalIndex } from '../search/lexical/lexical-index.js';
import { SEARCH_TUNING } from '../search/search-weights.js';
import { ChatModelError } from '../summaries/chat-model.js';
import type { SummariesConfig } from '../summaries/summaries-config.js';
import { createHourlyRateLimit, type HourlyRateLimit } from '../summaries/summary-rate-limit.js';
import { answerQuestion, type AskServices } from './answer-question.js';
import { ASK_TUNING } from './ask-tuning.js';
import { writeAnswer } from './written-answer.js';

/** Why a question is refused beyond the hourly limit. */
export const ASK_LIMIT_MESSAGE = 'Too many questions asked. Please try again later.';

export interface AskIndexes {
  lexical: LexicalIndex;
  semantic: () => Promise<SemanticSearch | null>;
}

export interface AskService {
  /** The answer to `question` for the reader `userId` (null: a visitor). */
  answer(question: string, userId: number | null): Promise<AskResponse>;
  /** Counts a question of one client (its address); the seconds to wait when over the limit. */
  rateLimit: HourlyRateLimit;
}

/** The chat model's answer, or null (logged) when it fails: the quoted answer is shown then. */
function modelWriter(summaries: SummariesConfig, log: Log): AskServices['writeAnswer'] {
  const llm = summaries.llm;
  if (!llm) return undefined;
  return async (question, passages) => {
    try {
      return await writeAnswer(llm, summaries.askTimeoutMs, question, passages);
    } catch (error) {
      log.warn(
        {
          model: llm.model,
          failure: error instanceof ChatModelError ? error.failure : 'UNEXPECTED',
          err: (error as Error).message,
        },
        'The chat model could not answer; showing the quoted answer',
      );
      return null;
    }
  };
}

export function createAskService(
  summaries: SummariesConfig,
  db: Db,
  indexes: AskIndexes,
  log: Log,
): AskService {
  const nearestArticles = async (question: string, count: number) => {
    const ready = await readyIndexes(indexes.lexical, indexes.semantic, SEARCH_WAIT_MS);
    const ranking = await hybridRanking(ready, SEARCH_TUNING, question, await newestPostId(db));
    return ranking.slice(0, count);
  };
  const services: AskServices = {
    db,
    lexical: indexes.lexical,
    nearestArticles,
    writeAnswer: modelWriter(summaries, log),
  };
  return {
    answer: (question, userId) => answerQuestion(services, ASK_TUNING, question, userId),
    rateLimit: createHourlyRateLimit(db, 'askPerIp', summaries.asksPerIpPerHour),
  };
}
