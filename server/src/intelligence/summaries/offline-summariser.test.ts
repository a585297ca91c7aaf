import { readFileSync } from 'node:fs';
import { summarySchema } from '@blogstream/shared/contract';
import { summariseOffline, toBullet } from './offline-summariser.js';
import { repeatsPreview } from './text/preview-overlap.js';

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
    '%s: 3-5 sourced bullets from the text in reading order, none repeating the preview; 4-8 concepts',
    (_title, article) => {
      const summary = summariseOffline(article.title, article.content, article.description);

      expect(summary).not.toBeNull();
      const { bullet_points: bullets, key_concepts: concepts } = summarySchema.parse({
        bullet_points: summary!.bullet_points,
        key_concepts: summary!.key_concepts,
      });
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

      // Each bullet carries the sentence it comes from, and none repeats the preview.
      expect(summary!.bullet_sources).toHaveLength(bullets.length);
      summary!.bullet_sources.forEach((source, index) => {
        expect(text).toContain(words(source));
        expect(words(source)).toContain(words(bullets[index]!).split(' ').slice(1).join(' '));
        expect(repeatsPreview(source, article.description)).toBe(false);
      });

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

  test('a very long page in one paragraph is summarised in full', () => {
    const huge = articles
      .map((article) => article.content)
      .join(' ')
      .replace(/\s+/g, ' ')
      .repeat(6);
    const summary = summariseOffline('Everything at once', huge);
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
