import { readFileSync } from 'node:fs';
import { summarySchema } from '@blogstream/shared/contract';
import { summariseOffline, toBullet } from './offline-summariser.js';

interface FixtureArticle {
  title: string;
  link: string;
  description: string;
  content: string;
}

const articles = JSON.parse(
  readFileSync(new URL('./fixtures/articles.json', import.meta.url), 'utf8'),
) as FixtureArticle[];

/** Words only, so a trimmed bullet can be found in the text it came from. */
function words(text: string): string {
  return text
    .replace(/…$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

describe('the offline summariser on real articles', () => {
  test.each(articles.map((article) => [article.title, article] as const))(
    '%s: 3-5 bullets taken from the text in reading order, 4-8 concepts from the text',
    (_title, article) => {
      const started = performance.now();
      const summary = summariseOffline(article.title, article.content);
      expect(performance.now() - started).toBeLessThan(500);

      expect(summary).not.toBeNull();
      const { bullet_points: bullets, key_concepts: concepts } = summarySchema.parse(summary);
      expect(bullets.length).toBeGreaterThanOrEqual(3);
      expect(bullets.length).toBeLessThanOrEqual(5);
      expect(concepts.length).toBeGreaterThanOrEqual(4);
      expect(concepts.length).toBeLessThanOrEqual(8);

      const text = words(article.content);
      const positions = bullets.map((bullet) => {
        expect(bullet.length).toBeLessThanOrEqual(241);
        // Leading connectives may be dropped and long sentences cut: the rest is verbatim.
        const core = words(bullet).split(' ').slice(1).join(' ');
        expect(text).toContain(core);
        return text.indexOf(core);
      });
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(bullets).size).toBe(bullets.length);

      const lowerConcepts = concepts.map((concept) => concept.toLowerCase());
      expect(new Set(lowerConcepts).size).toBe(concepts.length);
      for (const concept of concepts) {
        expect(`${article.title} ${article.content}`.toLowerCase()).toContain(
          concept.toLowerCase(),
        );
        expect(concept).toMatch(/\p{L}{2}/u);
        expect(concept.split(' ').length).toBeLessThanOrEqual(3);
      }
    },
  );

  test('the concepts name what the articles are about', () => {
    const conceptsOf = (index: number) =>
      summariseOffline(articles[index]!.title, articles[index]!.content)!.key_concepts.map((c) =>
        c.toLowerCase(),
      );
    expect(conceptsOf(0)).toEqual(expect.arrayContaining(['quotas', 'rate limiting']));
    expect(conceptsOf(1)).toEqual(expect.arrayContaining(['dns', 'cgo']));
    expect(conceptsOf(2).some((concept) => concept.includes('stream'))).toBe(true);
  });

  test('a very long page in one paragraph stays fast', () => {
    const huge = articles
      .map((article) => article.content)
      .join(' ')
      .replace(/\s+/g, ' ')
      .repeat(6);
    const started = performance.now();
    const summary = summariseOffline('Everything at once', huge);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(summary?.bullet_points.length).toBe(5);
  });

  test('never pads a short text: too few sentences give no summary', () => {
    expect(summariseOffline('Title only', '')).toBeNull();
    expect(
      summariseOffline(
        'Short',
        'Kafka stores streams of records durably. Consumers read them later.',
      ),
    ).toBeNull();
  });

  test('long sentences are cut at a clause or word boundary', () => {
    const long = `Quotas is ${'a very scalable and fast rate limiting service, '.repeat(8)}indeed.`;
    const bullet = toBullet(long);
    expect(bullet.length).toBeLessThanOrEqual(241);
    expect(bullet.endsWith('…')).toBe(true);
    expect(bullet).not.toMatch(/[,\s]…$/);
    expect(toBullet('However, the cache is warm.')).toBe('The cache is warm.');
  });
});
