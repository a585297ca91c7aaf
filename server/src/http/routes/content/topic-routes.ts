import {
  topicDescriptionResponseSchema,
  topicNameRequestSchema,
  topicSourcesResponseSchema,
} from '@blogstream/shared/contract';
import { findTopic, type Topic } from '@blogstream/shared/lib';
import { TOPIC_DESCRIPTIONS } from '../../../catalogue/topic-descriptions.js';
import type { Db } from '../../../db/db.js';
import { topicSources } from '../../../db/source-lists.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';

function knownTopic(name: string): Topic {
  const topic = findTopic(name);
  if (!topic) throw new ApiFailure(404, 'UNKNOWN_TOPIC', `There is no topic called ${name}.`);
  return topic;
}

/** Topic page calls: the "About" paragraphs and the topic's blogs. */
export function registerTopicRoutes(app: App, db: Db): void {
  app.post(
    '/api/get_topic_description',
    {
      schema: {
        body: topicNameRequestSchema,
        response: { 200: topicDescriptionResponseSchema },
      },
    },
    async (request) => TOPIC_DESCRIPTIONS[knownTopic(request.body.topic_name)],
  );

  app.post(
    '/api/get_sources_for_topic',
    { schema: { body: topicNameRequestSchema, response: { 200: topicSourcesResponseSchema } } },
    async (request) => topicSources(db, knownTopic(request.body.topic_name)),
  );
}
