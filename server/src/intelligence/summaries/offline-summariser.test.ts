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

/** Words only, so a bullet can be found in the text it came from whatever its line breaks. */
function words(text: string): string {
  return text
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
        // Whole sentences of the article, word for word.
        expect(bullet).toMatch(/^["'“‘(`[]?[\p{Lu}\p{N}`].*\.["'”’)]*$/u);
        expect(text).toContain(words(bullet));
        return text.indexOf(words(bullet));
      });
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(bullets).size).toBe(bullets.length);

      // Each bullet carries the sentence it comes from, and none repeats the preview.
      expect(summary!.bullet_sources).toHaveLength(bullets.length);
      summary!.bullet_sources.forEach((source, index) => {
        expect(words(source)).toBe(words(bullets[index]!));
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

  test('a bullet is the sentence as written, without the space left before its punctuation', () => {
    expect(toBullet('Cargo now supports workspace inheritance .')).toBe(
      'Cargo now supports workspace inheritance.',
    );
    expect(toBullet('However, the cache is warm.')).toBe('However, the cache is warm.');
  });
});

/** Prose about one subject, enough sentences for a summary, each standing alone. */
const pooling = [
  'Connection pooling keeps database connections open between requests.',
  'PgBouncer is a lightweight connection pooler that sits in front of PostgreSQL.',
  'Transaction pooling returns a connection to the pool when each transaction ends.',
  'Session pooling holds a connection for as long as the client stays connected.',
  'Our benchmarks showed PgBouncer cut connection setup time by ninety percent.',
  'Prepared statements need care with transaction pooling because they live on one connection.',
  'We measured the pool size that kept PostgreSQL busy without queueing requests.',
];

describe('bullets that stand alone', () => {
  test('a code block, fenced or run into the prose, never becomes a bullet', () => {
    const code = [
      '```ocaml\nlet pool = Pool.create ~size:10 () in Pool.use pool (fun conn -> query conn)\n```',
      // Text of <pre> blocks, flattened by the feed into lines of the paragraph.
      'Node . label n in Graphlib . to_dot ( module Graphlib .',
      'The connection pool is created like this: let pool_size = pool_for config in every request.',
      'Run the connection pooler with $ pgbouncer --config=/etc/pgbouncer.ini --verbose --daemon.',
      'Connection pooling fails at PgBouncer.connect (pool.js:10:5) when the pool is exhausted.',
    ];
    // With only two sentences of prose, a code block would have to make up the third bullet.
    const text = [pooling[0], ...code.slice(0, 2), pooling[1], ...code.slice(2)].join('\n\n');

    const summary = summariseOffline('Connection pooling with PgBouncer and Graphlib', text);

    expect(summary).toBeNull();
    const bullets = summariseOffline(
      'Connection pooling',
      `${text}\n\n${pooling.join(' ')}`,
    )!.bullet_points;
    for (const bullet of bullets) expect(code.some((block) => block.includes(bullet))).toBe(false);
  });

  test('a sentence opening on a pronoun is a bullet only with the sentence it points back to', () => {
    const leaning = 'This halved the p99 latency of every PgBouncer connection we measured.';
    const antecedent = 'We moved every service to transaction pooling in March.';
    const withAntecedent = [...pooling.slice(0, 4), antecedent, leaning, ...pooling.slice(4)];
    // Its antecedent is a heading away: nothing in the summary says what "this" is.
    const apart = [
      pooling.slice(0, 4).join(' '),
      antecedent,
      'Results',
      [leaning, ...pooling.slice(4)].join(' '),
    ].join('\n\n');

    for (const text of [withAntecedent.join(' '), apart]) {
      const summary = summariseOffline('Connection pooling with PgBouncer', text)!;
      for (const bullet of summary.bullet_points) {
        if (bullet.includes(leaning)) expect(bullet).toBe(`${antecedent} ${leaning}`);
        expect(bullet).not.toMatch(/^(?:This|It|They|These|There|Here|In there|However)\b/);
      }
    }
    const together = summariseOffline(
      'Connection pooling with PgBouncer',
      withAntecedent.join(' '),
    );
    const apartSummary = summariseOffline('Connection pooling with PgBouncer', apart);
    expect(together!.bullet_points).toContain(`${antecedent} ${leaning}`);
    expect(apartSummary!.bullet_points.join(' ')).not.toContain(leaning);
  });
});
