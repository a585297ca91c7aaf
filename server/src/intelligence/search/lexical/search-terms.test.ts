import { queryWords, searchTerms } from './search-terms.js';

describe('search terms', () => {
  test('technical tokens are kept whole, and also as their parts and run together', () => {
    const terms = searchTerms('C++ and C# with Node.js on K8s, gRPC over HTTP/2 in real-time');
    expect(terms).toEqual(
      expect.arrayContaining([
        'c++',
        'c#',
        'node.js',
        'node',
        'k8s',
        'grpc',
        'http/2',
        'real-time',
      ]),
    );
    // "nodejs" and "realtime" written as one word find the same articles.
    expect(terms).toEqual(expect.arrayContaining(searchTerms('nodejs realtime')));
  });

  test('a version number is also indexed as each shorter version it belongs to', () => {
    expect(searchTerms('Python 3.12.1 is out')).toEqual(['python', '3.12.1', '3.12', '3']);
  });

  test('plain words are stemmed, accents folded, stop words and possessives dropped', () => {
    expect(searchTerms('Profiling the profiler’s profiles')).toEqual(
      searchTerms('profile profiler profile'),
    );
    expect(searchTerms('Café résumé')).toEqual(searchTerms('cafe resume'));
    expect(searchTerms('what is it and how do I')).toEqual([]);
  });

  test('a query may exclude a word, ask for a prefix, and quote words', () => {
    expect(queryWords('"rust async" -tokio kube*')).toEqual([
      { terms: ['rust'], prefix: false, excluded: false },
      { terms: ['async'], prefix: false, excluded: false },
      { terms: ['tokio'], prefix: false, excluded: true },
      { terms: ['kube'], prefix: true, excluded: false },
    ]);
  });

  test('a technical query word is looked for whole first, then by its parts', () => {
    expect(queryWords('node.js')).toEqual([
      { terms: ['node.js', 'node', 'js', 'nodej'], prefix: false, excluded: false },
    ]);
    expect(queryWords('python 3.12')).toEqual([
      { terms: ['python'], prefix: false, excluded: false },
      { terms: ['3.12'], prefix: false, excluded: false },
    ]);
  });
});
