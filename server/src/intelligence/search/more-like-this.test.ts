import { InvertedIndex } from './lexical/inverted-index.js';
import { queryWords } from './lexical/search-terms.js';
import {
  fuseByMeaning,
  layOutPages,
  MAX_PER_SOURCE_PER_PAGE,
  SIMILAR_LEXICAL,
  weighTitleTerms,
} from './more-like-this.js';

const candidate = (
  postId: number,
  sourceId: number,
  titleKey = `title ${postId}`,
  storyId: number | null = null,
) => ({ postId, sourceId, titleKey, storyId });

const self = candidate(1, 9);
// Most similar first: source 1 dominates the head of the list.
const ranked = [
  ...[2, 3, 4, 5, 6].map((id) => candidate(id, 1)),
  ...Array.from({ length: 40 }, (_, index) => candidate(100 + index, 2 + (index % 8))),
];

test('the article itself comes first, then twelve similar ones', () => {
  const firstPage = layOutPages(self, ranked, 13).slice(0, 13);
  expect(firstPage).toHaveLength(13);
  expect(firstPage[0]).toBe(1);
});

test(`no page holds more than ${MAX_PER_SOURCE_PER_PAGE} articles of one source`, () => {
  const sourceOf = new Map(ranked.map((item) => [item.postId, item.sourceId]));
  const laidOut = layOutPages(self, ranked, 13);
  for (let start = 0; start < laidOut.length; start += 13) {
    const counts = new Map<number, number>();
    for (const postId of laidOut.slice(start, start + 13)) {
      const source = sourceOf.get(postId);
      if (source !== undefined) counts.set(source, (counts.get(source) ?? 0) + 1);
    }
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(MAX_PER_SOURCE_PER_PAGE);
  }
  // The two held back from page one are shown on page two, not lost.
  expect(laidOut.slice(13, 26)).toEqual(expect.arrayContaining([5, 6]));
});

test('no article appears twice across pages, and reposts of one title are shown once', () => {
  const withRepost = [...ranked, candidate(500, 3, 'title 2'), candidate(501, 4, 'title 1')];
  const laidOut = layOutPages(self, withRepost, 13);
  expect(new Set(laidOut).size).toBe(laidOut.length);
  expect(laidOut).not.toContain(500);
  expect(laidOut).not.toContain(501);
});

test('copies of one story under other titles are shown once, and never the seed story again', () => {
  const seedInStory = candidate(1, 9, 'title 1', 1);
  const withCopies = [
    ...ranked,
    candidate(600, 5, 'a cross-post', 1),
    candidate(601, 6, 'an announcement', 700),
    candidate(602, 7, 'the same announcement elsewhere', 700),
  ];
  const laidOut = layOutPages(seedInStory, withCopies, 13);
  expect(laidOut).not.toContain(600);
  expect(laidOut).toContain(601);
  expect(laidOut).not.toContain(602);
});

test('the first page that cannot be filled ends the layout', () => {
  const oneSource = [2, 3, 4, 5, 6, 7].map((id) => candidate(id, 1));
  // Page one takes three of the source, cannot fill up, and nothing may follow a short page.
  expect(layOutPages(self, oneSource, 13)).toEqual([1, 2, 3, 4]);
});

describe('ranking by meaning, words in support (fuseByMeaning)', () => {
  const fusion = { similarityFloor: 0.2, denseWeight: 0.3, titleWeight: 1 };
  const hit = (id: number, score: number) => ({ id, score, matchedAll: false, strength: 0 });

  test('an article sharing most of the seed’s words outranks a closer one sharing few', () => {
    const neighbours = [
      { postId: 2, similarity: 0.4 },
      { postId: 3, similarity: 0.24 },
    ];
    const ranked = fuseByMeaning(neighbours, [hit(2, 1), hit(3, 10)], fusion);
    expect(ranked).toEqual([3, 2]);
  });

  test('neighbours sharing none of the seed’s words follow the others, closest first', () => {
    const neighbours = [
      { postId: 2, similarity: 0.6 },
      { postId: 3, similarity: 0.3 },
      { postId: 4, similarity: 0.25 },
    ];
    const byWordsOnly = { ...fusion, denseWeight: 0 };
    expect(fuseByMeaning(neighbours, [hit(4, 1)], byWordsOnly)).toEqual([4, 2, 3]);
  });

  test('a neighbour below the floor never comes, however many words it shares', () => {
    const neighbours = [
      { postId: 2, similarity: 0.5 },
      { postId: 3, similarity: 0.19 },
    ];
    expect(fuseByMeaning(neighbours, [hit(3, 10)], fusion)).toEqual([2]);
  });
});

describe('the seed’s title names its subject (weighTitleTerms)', () => {
  const article = (title: string) => ({ title, description: '', body: '', source: 'Blog' });
  const index = new InvertedIndex();
  index.add(1, article('Serving gRPC at scale'));
  index.add(2, article('Tokio tasks explained'));
  for (let id = 10; id < 30; id += 1) index.add(id, article(`Release notes ${id}`));

  test('an article on the title’s subject outranks one sharing as much of the body', () => {
    // "Futures and gRPC in Rust", whose body is about tokio too.
    const words = weighTitleTerms(queryWords('grpc tokio'), 'Futures and gRPC in Rust', 2);
    const hits = index.search(words, SIMILAR_LEXICAL, 10);
    expect(hits.map((one) => one.id)).toEqual([1, 2]);
  });

  test('the words the title does not have keep their weight', () => {
    const words = weighTitleTerms(queryWords('grpc tokio'), 'Futures and gRPC in Rust', 2);
    expect(words.map((word) => word.weight ?? 1)).toEqual([2, 1]);
  });
});
