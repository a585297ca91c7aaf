import { findTopic, type Topic } from '@blogstream/shared/lib';
import { TOPIC_DESCRIPTIONS } from '../../../intelligence/topics/topic-descriptions.js';
import type { Db } from '../../../db/db.js';
import { topicSources } from '../../../db/source-lists.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { serve } from '../../endpoint.js';

function knownTopic(name: string): Topic {
  const topic = findTopic(name);
  if (!topic) throw new ApiFailure(404, 'UNKNOWN_TOPIC', `There is no topic called ${name}.`);
  return topic;
}

/** Topic page calls: the "About" paragraphs and the topic's blogs. */
export function registerTopicRoutes(app: App, db: Db): void {
  serve(
    app,
    'topicDescription',
    async (request) => TOPIC_DESCRIPTIONS[knownTopic(request.body.topic_name)],
  );

  serve(app, 'topicSources', async (request) =>
    topicSources(db, knownTopic(request.body.topic_name)),
  );
}
