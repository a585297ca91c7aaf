import { ASK_LIMIT_MESSAGE, type AskService } from '../../../intelligence/ask/ask-service.js';
import type { App } from '../../app-type.js';
import { serve } from '../../endpoint.js';
import { chargeRateLimit } from './rate-limited.js';

/** POST /api/ask {question} -> an answer, or an abstention with the nearest articles. */
export function registerAskRoutes(app: App, ask: AskService): void {
  serve(app, 'ask', async (request) => {
    await chargeRateLimit(ask.rateLimit, request.ip, ASK_LIMIT_MESSAGE);
    return ask.answer(request.body.question, request.userId);
  });
}
