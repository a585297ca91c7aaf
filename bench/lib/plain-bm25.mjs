// The reference lexical ranking: plain BM25 (k1 1.2, b 0.75) over one field holding an article's
// title, description and text, words as lower-case runs of letters and digits, no stemming and no
// stop words. What "BM25 over the same article text" means in the issue.

const WORD = /[\p{L}\p{N}]+/gu;
const words = (text) => (text ?? '').toLowerCase().match(WORD) ?? [];

/** documents: [{ id, text }]. Returns (query, depth) => ids, best first. */
export function plainBm25(documents, { k1 = 1.2, b = 0.75 } = {}) {
  const postings = new Map();
  const lengths = new Map();
  let total = 0;
  for (const { id, text } of documents) {
    const counts = new Map();
    const tokens = words(text);
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const [token, count] of counts) {
      if (!postings.has(token)) postings.set(token, []);
      postings.get(token).push([id, count]);
    }
    lengths.set(id, tokens.length);
    total += tokens.length;
  }
  const average = total / Math.max(1, documents.length);
  return (query, depth) => {
    const scores = new Map();
    for (const token of new Set(words(query))) {
      const list = postings.get(token) ?? [];
      const idf = Math.log(1 + (documents.length - list.length + 0.5) / (list.length + 0.5));
      for (const [id, tf] of list) {
        const norm = tf + k1 * (1 - b + (b * lengths.get(id)) / average);
        scores.set(id, (scores.get(id) ?? 0) + (idf * tf * (k1 + 1)) / norm);
      }
    }
    return [...scores]
      .sort((x, y) => y[1] - x[1] || y[0] - x[0])
      .slice(0, depth)
      .map(([id]) => id);
  };
}
