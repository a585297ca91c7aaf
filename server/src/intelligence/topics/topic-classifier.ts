import { TOPICS, type Topic } from '@blogstream/shared/lib';
import { TOPIC_DESCRIPTIONS } from './topic-descriptions.js';
import { dot, type TextEmbedder } from '../embeddings/embedder.js';

export interface TopicClassifierOptions {
  /**
   * How far above the article's mean similarity to all topics (in standard deviations) a topic
   * must stand. Relative, so the rule holds for any model's similarity scale.
   */
  minStandardScore: number;
  /** At most this many topics come from embeddings (keywords and the source add their own). */
  maxTopics: number;
}

export const TOPIC_CLASSIFIER_OPTIONS: TopicClassifierOptions = {
  minStandardScore: 2.5,
  maxTopics: 2,
};

export interface TopicClassifier {
  topicsFor(vector: Float32Array): Topic[];
}

/**
 * Topics from meaning: an article gets the topics whose "About" text (the topic page's own
 * description) its embedding is closest to, so topic pages fill without hand labelling.
 */
export async function createTopicClassifier(
  embedder: TextEmbedder,
  options: TopicClassifierOptions = TOPIC_CLASSIFIER_OPTIONS,
): Promise<TopicClassifier> {
  const descriptions = TOPICS.map((topic) => `${topic}\n${TOPIC_DESCRIPTIONS[topic].join(' ')}`);
  const topicVectors = await embedder.embed(descriptions, 'document');
  return {
    topicsFor(vector) {
      const similarities = topicVectors.map((topicVector) => dot(vector, topicVector));
      const mean = similarities.reduce((sum, value) => sum + value, 0) / similarities.length;
      const spread = Math.sqrt(
        similarities.reduce((sum, value) => sum + (value - mean) ** 2, 0) / similarities.length,
      );
      if (spread === 0) return [];
      return TOPICS.map((topic, index) => ({
        topic,
        score: (similarities[index]! - mean) / spread,
      }))
        .filter(({ score }) => score >= options.minStandardScore)
        .sort((a, b) => b.score - a.score)
        .slice(0, options.maxTopics)
        .map(({ topic }) => topic);
    },
  };
}
