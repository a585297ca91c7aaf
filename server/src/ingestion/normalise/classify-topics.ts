import type { Topic } from '@blogstream/shared/lib';

/**
 * An article's topics from its own words (docs/decisions/0031-topics-per-article.md): each topic
 * has cues, the words posts about it use; cues in the title count most, cues in the opening less,
 * and the source's own topics only lower the bar a little (a prior, never a verdict). Matched on
 * lower-cased text, whole words.
 */
const TOPIC_CUES: [Topic, RegExp][] = [
  [
    'AI & Machine Learning',
    /\b(ai|a\.i\.|artificial intelligence|llms?|large language models?|language models?|frontier models?|gpt-?[\w.]*|chatgpt|claude|gemini|gemma|llama|grok|mistral|codex|copilot|openai|machine learning|deep learning|neural (nets?|networks?)|transformers?|embeddings?|agents?|agentic|multi-agent|rag|retrieval-augmented|fine-?tun\w*|pre-?train\w*|diffusion models?|reinforcement learning|inference|interpretability|alignment|mcp|model context protocol|prompts?|computer vision|generative)\b/g,
  ],
  [
    'Data Science',
    /\b(data scien\w*|statistic\w*|a\/b tests?|experimentation|forecast\w*|causal inference|regression models?|analytics)\b/g,
  ],
  [
    'Data Engineering',
    /\b(data pipelines?|pipelines? of data|etl|elt|kafka|spark|flink|airflow|dagster|data lakes?|lakehouse|data warehouses?|stream processing|streaming data|batch processing|dbt|snowflake|bigquery|hadoop|hudi|iceberg|presto|trino|data platform|big data|data orchestration)\b/g,
  ],
  [
    'Databases',
    /\b(databases?|postgres(ql)?|mysql|sqlite|sql|nosql|redis|mongodb|cassandra|dynamodb|tidb|tikv|rocksdb|query (planner|optimi[sz]er|engine)|indexes|storage engines?|transactions?|isolation levels?|aurora|cosmos db|vector (database|search|store)s?|key-value stores?)\b/g,
  ],
  [
    'Distributed Systems',
    /\b(distributed (systems?|computation|filesystems?|databases?)|consensus|raft|paxos|replication|replicas|sharding|partitioning|eventual consistency|consistency models?|microservices?|rate limit\w*|circuit breakers?|multiplayer|crdts?|operational transform\w*|globally distributed|multi-region)\b/g,
  ],
  [
    'Security',
    /\b(security|secure|vulnerabilit\w*|cve-\d+|exploits?|malware|phishing|encryption|encrypted|cryptograph\w*|authentication|authori[sz]ation|mfa|oauth|oidc|xss|csrf|ssrf|zero-day|zero-trust|supply chain attacks?|prompt injections?|attacks?|attackers?|sanitizer|hardening|memory safety|credentials?|secrets? management|exfiltration|red[- ]team\w*|cyber\w*|appsec|owasp|vpn|wireguard)\b/g,
  ],
  [
    'Infrastructure',
    /\b(infrastructure|data ?cent(er|re)s?|load balanc\w*|networking|network|dns|cdn|linux kernel|kernel|unikernels?|bare ?metal|tcp|quic|proxy|envoy|service mesh|capacity|outages?|hardware|virtual machines?|vms?|operating systems?|servers fleet|cpu allocation|cpusets?|edge)\b/g,
  ],
  [
    'Cloud',
    /\b(aws|amazon web services|azure|gcp|google cloud|cloud native|cloud-native|serverless|ec2|s3|lambda functions?|multi-cloud|cloud)\b/g,
  ],
  [
    'DevOps',
    /\b(devops|ci\/cd|ci|continuous (integration|delivery|deployment)|docker|containers?|kubernetes|k8s|terraform|ansible|helm|gitops|deploy(s|ments?)?|build systems?|github actions|jenkins|nix|platform engineering|release engineering)\b/g,
  ],
  [
    'Observability',
    /\b(observability|monitoring|tracing|traces|opentelemetry|prometheus|grafana|alerting|slos?|metrics|logging)\b/g,
  ],
  [
    'Performance',
    /\b(performance|latency|optimi[sz]\w*|profil(e|ing|er)s?|benchmark\w*|throughput|faster|speed(ing)? up|memory (consumption|footprint|usage)|space leaks?|efficien\w*)\b/g,
  ],
  [
    'Testing',
    /\b(testing|tests?|unit tests?|test suites?|fuzz\w*|property-based|end-to-end tests?|flaky|formal(ly)? (verification|verified|proofs?)|software verification|proof assistant)\b/g,
  ],
  [
    'Frontend',
    /\b(front-?end|css|react|react (hooks|components?|server components)|vue|angular|svelte|javascript|typescript|web components?|the dom|melange|js_of_ocaml)\b/g,
  ],
  ['Backend', /\b(back-?end|rest apis?|api design|graphql|grpc|server-side|web servers?|apis?)\b/g],
  ['Mobile', /\b(android|ios|iphone|ipad|swiftui|swift|mobile|react native|flutter|app store)\b/g],
  [
    'Programming Languages',
    /\b(compil(er|ers|ation|ing)|type systems?|type checker|typed|types?|rust|golang|go \d[\w.]*|ocaml|oxcaml|haskell|python|java|scala|kotlin|elixir|erlang|c\+\+|clojure|standard ml|sml|coq|interpreters?|garbage collect\w*|programming languages?|functional programming|monads?|gadts?|adts?|functors?|polymorphi\w*|metaprogramming|ppx|camlp4|generics|syntax|opam|dune|cargo|crates?|language features?|algebraic effects)\b/g,
  ],
  [
    'Web Development',
    /\b(web development|web applications?|web apps?|websites?|web sites?|html|http|http\/[23]|webassembly|wasm|browsers?|web frameworks?|ocsigen|eliom)\b/g,
  ],
  [
    'Open Source',
    /\b(open[- ]source[ds]?|maintainers?|contributors?|oss|governance|foundation|community|open sourced|(leadership|project) councils?|steering committees?|working groups?|core team)\b/g,
  ],
  [
    'Leadership & Culture',
    /\b(leadership(?! councils?\b)|engineering managers?|(?<!package |memory |password |window )managers?|hiring|culture|careers?|onboarding|interviews? (process|loop)|burnout|mentor\w*|remote work|principal engineers?|staff engineers?|startups?|virtues)\b/g,
  ],
  [
    'Product Management',
    /\b(product management|product managers?|roadmaps?|user research|product strategy|go-to-market|pricing)\b/g,
  ],
  [
    'UX',
    /\b(ux|user experience|design systems?|usability|accessibility|a11y|typography|user interfaces?|ui)\b/g,
  ],
  [
    'Software Engineering',
    /\b(software engineering|refactor\w*|code reviews?|technical debt|software architecture|software design|clean code|systems thinking|design patterns?)\b/g,
  ],
];

/** How the evidence adds up; tuned with source-grouped cross-validation (bench/topics.mjs). */
export interface TopicRules {
  /** Per distinct cue in the title (at most two count). */
  titleCue: number;
  /** Per distinct cue in the opening that the title does not already have (at most three count). */
  openingCue: number;
  /** When the source is about the topic; only ever added to cues of the article's own. */
  sourcePrior: number;
  /** The score a topic needs. */
  threshold: number;
  /** At most this many topics, the best first. */
  maxTopics: number;
}

export const TOPIC_RULES: TopicRules = {
  titleCue: 2,
  openingCue: 1,
  sourcePrior: 0.5,
  threshold: 2.5,
  maxTopics: 2,
};

/** Bumped when cues or rules change: the topic pass then gives every stored article its topics again. */
export const TOPIC_RULES_VERSION = 3;

/** How much of the article's text the rules read after the title. */
export const OPENING_CHARACTERS = 600;

const MAX_TITLE_CUES = 2;
const MAX_OPENING_CUES = 3;

export interface ScoredTopic {
  topic: Topic;
  /** The evidence for it (TopicRules), at least the threshold. */
  score: number;
}

function cuesIn(text: string, cues: RegExp): Set<string> {
  return new Set(text.match(cues) ?? []);
}

/**
 * The topics an article is about, best first, each with its score: those its title and opening
 * (its first OPENING_CHARACTERS) give enough evidence for. `sourceTopics` are the source's topics.
 */
export function scoreTopics(
  title: string,
  opening: string,
  sourceTopics: readonly string[],
  rules: TopicRules = TOPIC_RULES,
): ScoredTopic[] {
  const titleText = title.toLowerCase();
  const openingText = opening.slice(0, OPENING_CHARACTERS).toLowerCase();
  const scored: ScoredTopic[] = [];
  for (const [topic, cues] of TOPIC_CUES) {
    const inTitle = cuesIn(titleText, cues);
    const inOpening = [...cuesIn(openingText, cues)].filter((cue) => !inTitle.has(cue));
    // The source's topics are a prior: without a word of its own, an article never gets one.
    if (inTitle.size === 0 && inOpening.length === 0) continue;
    const score =
      rules.titleCue * Math.min(inTitle.size, MAX_TITLE_CUES) +
      rules.openingCue * Math.min(inOpening.length, MAX_OPENING_CUES) +
      (sourceTopics.includes(topic) ? rules.sourcePrior : 0);
    if (score >= rules.threshold) scored.push({ topic, score });
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, rules.maxTopics);
}

/** The article's topics, best first (scoreTopics). */
export function classifyTopics(
  title: string,
  opening: string,
  sourceTopics: readonly string[],
  rules: TopicRules = TOPIC_RULES,
): Topic[] {
  return scoreTopics(title, opening, sourceTopics, rules).map(({ topic }) => topic);
}
