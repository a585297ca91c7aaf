import type { Topic } from '@blogstream/shared/lib';

/**
 * Words that put an article in a topic beyond its source's own topics. Deliberately narrow (whole
 * words, unambiguous terms): a topic page should rather miss an article than show a wrong one.
 * The intelligence issue may replace this with a classifier over embeddings.
 */
const TOPIC_PATTERNS: [Topic, RegExp][] = [
  [
    'AI & Machine Learning',
    /\b(ai|a\.i\.|llms?|gpt-?\d*|machine learning|deep learning|neural (net|network)s?|transformers?|embeddings?|agentic|rag|fine-?tun\w*|diffusion models?|reinforcement learning)\b/,
  ],
  [
    'Data Science',
    /\b(data scien\w*|statistic\w*|a\/b tests?|experimentation|forecasting|recommendation systems?|analytics)\b/,
  ],
  [
    'Data Engineering',
    /\b(data pipelines?|etl|kafka|apache spark|flink|airflow|dagster|data lakes?|data warehouses?|stream processing|dbt|snowflake|bigquery|hadoop)\b/,
  ],
  [
    'Databases',
    /\b(databases?|postgres(ql)?|mysql|sqlite|sql|redis|mongodb|cassandra|dynamodb|tidb|tikv|rocksdb|query planner|indexes)\b/,
  ],
  [
    'Distributed Systems',
    /\b(distributed systems?|consensus|raft|paxos|replication|sharding|eventual consistency|microservices?)\b/,
  ],
  [
    'Security',
    /\b(security|vulnerabilit\w*|cve-\d+|exploits?|malware|phishing|encryption|cryptograph\w*|authentication|oauth|xss|csrf|ssrf|zero-day|supply chain attacks?|prompt injections?)\b/,
  ],
  [
    'Infrastructure',
    /\b(infrastructure|data ?cent(er|re)s?|load balanc\w*|networking|dns|cdn|linux kernel|unikernels?|bare metal)\b/,
  ],
  ['Cloud', /\b(aws|azure|gcp|google cloud|cloud native|serverless|ec2|s3|cloudflare workers)\b/],
  [
    'DevOps',
    /\b(devops|ci\/cd|continuous (integration|delivery|deployment)|docker|kubernetes|k8s|terraform|ansible|helm|gitops|deployments?)\b/,
  ],
  [
    'Observability',
    /\b(observability|monitoring|tracing|opentelemetry|prometheus|grafana|alerting|slos?|logging)\b/,
  ],
  [
    'Performance',
    /\b(performance|latency|optimi[sz]\w*|profil(ing|er)|benchmarks?|throughput|faster|speed(ing)? up)\b/,
  ],
  [
    'Testing',
    /\b(testing|unit tests?|integration tests?|test suites?|fuzz\w*|property-based|end-to-end tests?|flaky tests?)\b/,
  ],
  [
    'Frontend',
    /\b(front-?end|css|reactjs|react (hooks|components?|server components)|vue|angular|svelte|javascript|typescript|web components?|the dom)\b/,
  ],
  ['Backend', /\b(back-?end|apis?|rest apis?|graphql|grpc|server-side|web servers?)\b/],
  ['Mobile', /\b(android|ios|iphone|ipad|swiftui|mobile|react native|flutter)\b/],
  [
    'Programming Languages',
    /\b(compilers?|type systems?|type checker|rust|golang|ocaml|haskell|python|java|scala|kotlin|elixir|erlang|c\+\+|clojure|interpreters?|garbage collect\w*|programming languages?)\b/,
  ],
  ['Web Development', /\b(web development|websites?|html|http\/[23]|webassembly|wasm|browsers?)\b/],
  ['Open Source', /\b(open[- ]source|maintainers?|contributors?|oss)\b/],
  [
    'Leadership & Culture',
    /\b(leadership|engineering managers?|hiring|culture|careers?|onboarding|interviews?|burnout|mentor\w*|remote work)\b/,
  ],
  [
    'Product Management',
    /\b(product management|product managers?|roadmaps?|user research|product strategy|go-to-market|pricing)\b/,
  ],
  [
    'UX',
    /\b(ux|user experience|design systems?|usability|accessibility|a11y|typography|user interfaces?)\b/,
  ],
  [
    'Software Engineering',
    /\b(software engineering|refactor\w*|code reviews?|technical debt|software architecture|software design|clean code)\b/,
  ],
];

/** The article's topics: its source's topics plus those its title or description names. */
export function classifyTopics(
  title: string,
  description: string,
  sourceTopics: readonly string[],
): string[] {
  const text = `${title} ${description}`.toLowerCase();
  const topics = new Set(sourceTopics);
  for (const [topic, pattern] of TOPIC_PATTERNS) {
    if (pattern.test(text)) topics.add(topic);
  }
  return [...topics];
}
