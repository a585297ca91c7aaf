import { checkedSentences, namesAndNumbers } from './written-answer.js';

const PASSAGES = new Map([
  [
    1,
    'Our passenger API ran on a Rails server for years. We moved it to Go one endpoint at a time, and nobody noticed the switch.',
  ],
  [
    2,
    'Endpoints were rolled out to 1% of the traffic first. Rollbacks took 1,200 ms on PostgreSQL.',
  ],
]);

describe('checking a written answer against the passages it cites', () => {
  test('keeps a sentence whose names and numbers are in the passages it cites, without its markers', () => {
    expect(
      checkedSentences(
        'The API moved from Rails to Go [1]. Traffic went to 1% first, on PostgreSQL [2].',
        PASSAGES,
      ),
    ).toEqual([
      { text: 'The API moved from Rails to Go.', citations: [1] },
      { text: 'Traffic went to 1% first, on PostgreSQL.', citations: [2] },
    ]);
  });

  test('markers after the full stop belong to the sentence before them', () => {
    expect(
      checkedSentences('Rollbacks took 1200 ms. [2] The team moved to Go. [1]', PASSAGES),
    ).toEqual([
      { text: 'Rollbacks took 1200 ms.', citations: [2] },
      { text: 'The team moved to Go.', citations: [1] },
    ]);
  });

  test.each([
    ['a figure no cited passage holds', 'Traffic went to 5% first [2].'],
    ['a figure only an uncited passage holds', 'The API moved with 1% of the traffic [1].'],
    ['a name no cited passage holds', 'The API moved from Rails to Kotlin [1].'],
    ['a name at the start, shaped as one', 'GitHub moved the API to Go [1].'],
    ['a name at the start', 'Kotlin replaced Rails [1].'],
    ['no marker', 'The API moved from Rails to Go.'],
    ['a marker of no passage', 'The API moved from Rails to Go [3].'],
  ])('drops a sentence with %s', (_case, sentence) => {
    expect(checkedSentences(sentence, PASSAGES)).toEqual([]);
  });

  test('a sentence citing two passages may take from either', () => {
    expect(checkedSentences('Rails gave way to Go, 1% at a time [1][2].', PASSAGES)).toEqual([
      { text: 'Rails gave way to Go, 1% at a time.', citations: [1, 2] },
    ]);
  });
});

describe('the names and numbers of a sentence', () => {
  test('are its numbers and capitalised words; a plain first word is its opening', () => {
    expect(
      namesAndNumbers(
        'Teams at Stripe cut p95 latency on S3 by 40% and 1,000 ms with gRPC in 2024.',
      ),
    ).toEqual({
      numbers: ['40', '1000', '2024'],
      names: ['Stripe', 'S3', 'gRPC'],
      opening: 'Teams',
    });
  });

  test('a first word shaped as a name is a name; a function word opens nothing', () => {
    expect(namesAndNumbers('GitHub moved to MySQL.')).toMatchObject({
      names: ['GitHub', 'MySQL'],
      opening: null,
    });
    expect(namesAndNumbers('Both teams moved.')).toMatchObject({ names: [], opening: null });
  });
});

describe('a plain first word', () => {
  test('is found in its passage in any case', () => {
    expect(checkedSentences('Endpoints moved to Go [1][2].', PASSAGES)).toHaveLength(1);
    expect(checkedSentences('Passenger traffic moved to Go [1].', PASSAGES)).toHaveLength(1);
  });
});
