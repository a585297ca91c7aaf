// Interests of the reader bench's simulated readers (bench/reader-feedback.mjs), labelled blind:
// these rules were written from the subjects' usual words before the ranker's output was looked
// at, and read only an article's title and description. An article carries every interest whose
// rule matches; one matching none belongs to no interest. Each interest names the catalogue topic
// a reader who holds it would pick (shared/src/lib/topics.ts).
export const INTERESTS = {
  databases: {
    topic: 'Databases',
    rule: /\b(database|databases|postgres|postgresql|mysql|sqlite|sql|nosql|redis|cassandra|mongodb|dynamodb|clickhouse|query planner|indexes|indexing|b-tree|lsm|transactions?|schema migrations?)\b/i,
  },
  frontend: {
    topic: 'Frontend',
    rule: /\b(react|css|javascript|typescript|browser|browsers|frontend|front-end|html|vue|svelte|next\.js|web components|dom|webassembly|wasm|firefox|chrome)\b/i,
  },
  ml: {
    topic: 'AI & Machine Learning',
    rule: /\b(machine learning|ml|llm|llms|neural|deep learning|ai|gpt|inference|embeddings?|transformers?|model training|fine-tuning|agents?|recommendation)\b/i,
  },
  security: {
    topic: 'Security',
    rule: /\b(security|vulnerability|vulnerabilities|cve|exploit|encryption|tls|authentication|oauth|malware|phishing|zero-day|attack|attackers|cryptography|secrets)\b/i,
  },
  infrastructure: {
    topic: 'Infrastructure',
    rule: /\b(kubernetes|k8s|docker|containers?|terraform|infrastructure|cloud|aws|gcp|azure|serverless|datacenter|data center|load balanc\w*|networking)\b/i,
  },
  mobile: {
    topic: 'Mobile',
    rule: /\b(ios|android|swift|swiftui|kotlin|mobile|iphone|app store)\b/i,
  },
};

/** The interests an article's title and description are about, by the rules above. */
export function interestsOf({ title, description }) {
  const text = `${title} ${description ?? ''}`;
  return Object.entries(INTERESTS)
    .filter(([, { rule }]) => rule.test(text))
    .map(([name]) => name);
}

/**
 * The simulated readers: two interests each, and one reader of a single interest, for whom one
 * "less like this" on it must not become a mute. Each has two accounts (a reader and a twin
 * giving no feedback), each pair signing up from an address of its own.
 */
export const READERS = [
  ['databases', 'infrastructure'],
  ['frontend', 'security'],
  ['ml', 'databases'],
  ['security', 'infrastructure'],
  ['mobile', 'frontend'],
  ['ml'],
];
