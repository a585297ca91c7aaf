/**
 * How people ask about engineering subjects in everyday words, and the words engineering articles
 * use for the same subjects: the lexicon behind query expansion (expand-query.ts,
 * docs/decisions/0033-lay-questions-and-meaning-first-similarity.md).
 *
 * Written blind from general engineering knowledge, never from the development queries (nobody
 * writing it read them): a broad map of the subjects engineering blogs cover, so that it serves
 * questions nobody here has seen. Each entry is `[cues, technical words]`:
 * - cues: `|`-separated alternatives; an alternative matches a query containing every one of its
 *   words, in any order (words compared stemmed, stop words included: "out of memory").
 * - technical words: what articles on the subject say; added to the query with a lower weight.
 * Cues are everyday wording; a technical term is a cue only where it names a neighbouring
 * subject an article would use other words for.
 */
export const LAY_CONCEPTS: readonly (readonly [cues: string, technical: string])[] = [
  // Performance
  [
    'slow | slowly | slower | sluggish | laggy | takes forever | takes long | too long | speed up | make faster | run faster',
    'performance latency bottleneck optimization profiling',
  ],
  [
    'which function slow | which part slow | where time spent | what is slow | why slow | find slow | function slow | code slow',
    'profiler profiling flame graph cpu hotspot sampling',
  ],
  [
    'memory keeps growing | memory grows | memory growing | memory increasing | more and more memory | eats memory | uses more memory | ram usage | memory usage | uses lots memory | memory goes up',
    'memory leak heap allocation garbage collection heap profiling',
  ],
  [
    'out of memory | runs out memory | ran out memory | oom | not enough memory | memory killed',
    'oom killer memory limit heap cgroup memory pressure',
  ],
  [
    'killed | keeps dying | keeps restarting | crash loop | restarts randomly | pod dies | container dies',
    'oom crashloopbackoff restart liveness probe memory limit',
  ],
  [
    'pauses | freezes | freeze | stutters | hiccups | stop the world | hangs briefly',
    'garbage collection gc pause latency',
  ],
  [
    'start slow | slow start | starts slowly | slow startup | boot slow | takes long start | cold start | first request slow',
    'cold start startup time initialization lazy loading warmup',
  ],
  [
    'page slow | site slow | website slow | loads slowly | page load | slow to load | loading slow | web page fast',
    'web performance core web vitals page load largest contentful paint bundle size lazy loading',
  ],
  [
    'javascript too big | bundle too big | app too big | download size | too much javascript | smaller bundle',
    'bundle size code splitting tree shaking minification',
  ],
  [
    'cpu high | high cpu | cpu spikes | cpu usage | cpu 100 | cpu maxed | burning cpu',
    'cpu profiling hotspot flame graph throttling',
  ],
  [
    'some requests slow | occasionally slow | sometimes slow | random slowness | latency spikes | slow outliers | worst case latency',
    'tail latency p99 percentile jitter',
  ],
  [
    'avoid recomputing | reuse results | remember results | save results | compute once | same result again',
    'caching cache memoization cache invalidation',
  ],
  [
    'stale data | outdated data | old data shown | out of date data | data not updated',
    'cache invalidation consistency ttl staleness',
  ],
  [
    'database slow | slow queries | query slow | queries take long | slow database | sql slow',
    'query optimization index query plan explain slow query',
  ],
  [
    'too many queries | lots of queries | many database calls | one query per item',
    'n+1 queries batching orm dataloader',
  ],
  [
    'too many connections | run out connections | connections exhausted | connection limit',
    'connection pool pooling pgbouncer',
  ],
  [
    'measure speed | how fast | compare speed | which faster | benchmark',
    'benchmark benchmarking performance measurement throughput',
  ],
  [
    'more users | more traffic | handle traffic | traffic grows | millions users | lots traffic | scale up | grow traffic | handle load | more load',
    'scalability scaling horizontal scaling sharding load balancing capacity',
  ],
  [
    'how many servers | how much hardware | plan servers | enough servers | plan capacity',
    'capacity planning forecasting load testing provisioning',
  ],
  [
    'traffic spike | sudden traffic | burst traffic | flash crowd | sudden load | peak traffic | black friday',
    'autoscaling rate limiting load shedding backpressure peak load',
  ],
  [
    'smaller files | shrink files | compress | make data smaller | save bandwidth',
    'compression gzip zstd brotli encoding',
  ],
  [
    'use all cores | multiple cores | at the same time | in parallel | parallel | many things at once',
    'concurrency parallelism multithreading threads',
  ],
  [
    'stuck forever | hangs forever | program hangs | frozen | waiting on each other | never finishes | hang',
    'deadlock lock contention race condition',
  ],
  [
    'works sometimes | fails randomly | random failures | intermittent | sometimes fails | fails occasionally | only sometimes',
    'flaky race condition nondeterminism concurrency bug',
  ],
  [
    'too much memory | reduce memory | less memory | memory footprint | save memory',
    'memory optimization memory footprint allocation heap',
  ],
  [
    'efficient | efficiency | waste resources | wasted resources | utilization',
    'efficiency resource utilization cost optimization',
  ],
  // Reliability and operations
  [
    'site down | went down | goes down | service down | outage | downtime | was down | stopped working | broke production | everything broke',
    'outage incident availability reliability postmortem',
  ],
  [
    'what went wrong | learn from failures | learn from mistakes | after incident | after outage | blame | analyse failure',
    'postmortem blameless incident review retrospective root cause',
  ],
  [
    'woken up | woken at night | paged | pager | on call | night alerts | too many alerts | noisy alerts | alerts useless',
    'on-call alerting paging alert fatigue incident response',
  ],
  [
    'know when broken | detect problems | notice problems | find out broken | before users notice | know something wrong | is it working',
    'monitoring observability alerting slo health checks',
  ],
  [
    'how reliable | reliability target | uptime target | how much downtime | nines | uptime',
    'slo sli error budget availability reliability',
  ],
  [
    'what happening production | understand production | going on production | debug production | see inside system | visibility',
    'observability tracing logging metrics telemetry',
  ],
  [
    'follow request | request goes through services | trace request | across services | which service slow | request path',
    'distributed tracing opentelemetry spans tracing',
  ],
  [
    'log files | too many logs | search logs | logs expensive | read logs | logs everywhere',
    'logging structured logging log aggregation observability',
  ],
  [
    'try again | retry | retries | retrying | keep retrying',
    'retries exponential backoff jitter idempotency',
  ],
  [
    'takes down others | cascading | domino | failure spreads | brings everything down | one failure everything | one service failing',
    'cascading failure circuit breaker bulkhead timeout resilience',
  ],
  [
    'data center fails | region fails | whole region | disaster | earthquake | fire in data center | survive failure',
    'disaster recovery failover multi-region redundancy backup',
  ],
  [
    'backup | backups | lose data | lost data | data loss | restore data | deleted data | accidentally deleted | recover data',
    'backup restore disaster recovery durability replication',
  ],
  [
    'break things on purpose | inject failures | kill servers | test failures | break production purpose | simulate failure',
    'chaos engineering fault injection resilience testing game day',
  ],
  [
    'without downtime | zero downtime | no downtime | update without | while running | without interrupting users',
    'zero-downtime deployment blue-green rolling deploy online migration',
  ],
  [
    'small group of users | some users first | few users first | small percentage | subset of users | gradually | gradual | roll out safely | roll out features | release safely | ship safely | release new features | try on some users | slowly roll',
    'canary staged rollout feature flag progressive delivery percentage rollout',
  ],
  [
    'turn feature off | switch off feature | turn off feature | kill switch | hide unfinished | toggle feature | enable feature for',
    'feature flag feature toggle kill switch',
  ],
  [
    'undo deploy | undo release | roll back | go back previous version | revert release | bad deploy | bad release | broken release',
    'rollback deployment canary release',
  ],
  [
    'compare two versions | which version better | test two designs | which design better | a b test | experiment users',
    'a/b testing experimentation experiment statistical significance',
  ],
  [
    'overloaded | too much load | overload | overwhelmed | too many requests at once',
    'load shedding backpressure rate limiting overload admission control',
  ],
  [
    'limit requests | too many requests | abuse api | throttle | limit usage | fair usage',
    'rate limiting throttling quota token bucket',
  ],
  [
    'time out | times out | timed out | timeouts | takes too long respond | waiting forever',
    'timeout deadline latency retries',
  ],
  [
    'restart automatically | recover automatically | heal itself | self healing | fix itself',
    'self-healing health check liveness probe automation remediation',
  ],
  [
    'clocks differ | time wrong | clock wrong | time zones | wrong time | clock drift',
    'clock skew time synchronization ntp timestamps',
  ],
  [
    'repetitive work | manual work | boring tasks | automate chores | automate boring | manual steps',
    'toil automation runbook sre',
  ],
  [
    'what to do when alert | instructions for incidents | incident steps | respond to incidents | handle incidents | handle outages',
    'runbook playbook incident response incident management',
  ],
  [
    'keep running | stay up | always available | never go down | high availability',
    'high availability redundancy failover reliability',
  ],
  [
    'disk full | running out of disk | disk space | storage full | out of space',
    'disk space storage capacity cleanup retention',
  ],
  // Security
  [
    'hacked | hackers | attacker | attackers | break in | breach | compromised | stolen | attacked',
    'security vulnerability breach incident attack threat',
  ],
  [
    'store passwords | passwords stolen | password safe | password leak | protect passwords | passwords',
    'password hashing bcrypt argon2 credential authentication',
  ],
  [
    'without password | no passwords | passwordless | get rid of passwords | replace passwords',
    'passkeys webauthn passwordless authentication fido',
  ],
  [
    'second factor | two step | code on phone | extra login step | 2fa | login codes',
    'two-factor authentication mfa totp',
  ],
  [
    'who can access | who allowed | restrict access | permissions | who can see | who can do',
    'authorization access control rbac permissions policy',
  ],
  [
    'api keys leaked | leaked keys | store secrets | hardcoded password | keys in git | committed password | secrets in code | keep secrets',
    'secrets management vault credential rotation secret scanning',
  ],
  [
    'trust nobody | never trust | inside network trusted | replace vpn | office network trusted',
    'zero trust beyondcorp network security identity',
  ],
  [
    'fake emails | trick employees | scam emails | fake login page | phishing',
    'phishing social engineering security awareness',
  ],
  [
    'third party code | malicious package | package attack | library compromised | dependencies safe | open source dependencies risk | npm attack',
    'supply chain security dependency sbom signing provenance',
  ],
  [
    'pay hackers | report vulnerabilities | find security bugs | security researchers | bug bounty',
    'bug bounty vulnerability disclosure security research penetration testing',
  ],
  [
    'user input | sanitize input | malicious input | untrusted input | injection',
    'sql injection input validation xss sanitization',
  ],
  [
    'inject javascript | cross site | malicious script | script injection',
    'xss cross-site scripting content security policy',
  ],
  [
    'encrypt | encryption | scramble data | protect data | data unreadable | encrypted',
    'encryption tls key management cryptography',
  ],
  [
    'certificate expired | certificates | padlock | https | secure connection',
    'tls certificates https pki certificate rotation',
  ],
  [
    'flood of traffic | taken offline attack | denial of service | ddos | attack traffic',
    'ddos mitigation rate limiting traffic filtering',
  ],
  [
    'scan code | find vulnerabilities | check code security | security review | secure code | security bugs',
    'static analysis sast vulnerability scanning security review',
  ],
  [
    'think like attacker | what could go wrong security | what attacker | attack surface',
    'threat modeling attack surface security design review',
  ],
  [
    'run untrusted code | isolate untrusted | sandbox | isolate code | user code safely',
    'sandboxing isolation webassembly gvisor containers',
  ],
  [
    'fake accounts | bots | fraud | fraudsters | scammers | spam | spammers | abuse',
    'fraud detection abuse anti-spam bot detection trust and safety',
  ],
  [
    'trick chatbot | trick the model | jailbreak | prompt injection | ai ignore instructions',
    'prompt injection llm security jailbreak guardrails',
  ],
  [
    'security patches | patch servers | vulnerable version | outdated software',
    'patching vulnerability management cve updates',
  ],
  // Privacy
  [
    'personal data | private data | privacy | tracking users | anonymous | anonymize | anonymise | user data safe | sensitive data',
    'privacy pii anonymization gdpr data protection',
  ],
  [
    'delete my data | right to be forgotten | delete user data | data deletion | forget users',
    'gdpr data deletion data retention privacy compliance',
  ],
  [
    'identify people | re identify | reidentify | hide identity | statistics without revealing',
    'differential privacy anonymization k-anonymity',
  ],
  [
    'cookie banner | cookies consent | track across sites | tracking cookies | ad tracking',
    'cookies consent tracking privacy third-party cookies',
  ],
  [
    'auditors | audit | regulations | regulators | compliance | soc 2 | certification',
    'compliance audit soc2 regulation governance',
  ],
  // Data and databases
  [
    'database too big | too much data | split database | outgrow database | database full | one database not enough',
    'sharding partitioning horizontal scaling database',
  ],
  [
    'copies of database | copy of data | keep copies | read copies | second database | standby',
    'replication replica failover consistency',
  ],
  [
    'move database | migrate database | switch database | change database | new database | moving data to',
    'database migration schema migration zero-downtime online migration',
  ],
  [
    'add column | change table | alter table | schema change | change schema | rename column',
    'schema migration online ddl backward compatibility',
  ],
  [
    'search box | search feature | find documents | search engine | search text | search results | search my site | search through',
    'search full-text search elasticsearch inverted index ranking relevance',
  ],
  [
    'out of sync | keep in sync | keep data sync | sync between | systems agree | copy changes | data sync',
    'change data capture cdc synchronization consistency replication',
  ],
  [
    'events between services | react to events | message queue | send messages between | notify other services | publish events',
    'event-driven message queue kafka pub/sub stream processing',
  ],
  [
    'background jobs | run later | scheduled job | nightly job | batch job | run every night | periodic task | process later',
    'job queue background processing scheduler cron batch processing',
  ],
  [
    'analytics | reports | dashboards | business metrics | data warehouse | business intelligence | analyze data | analyse data',
    'data warehouse analytics olap etl bi',
  ],
  [
    'move data | data pipeline | load data | copy data between | data flows | ingest data',
    'etl data pipeline ingestion orchestration airflow',
  ],
  [
    'data quality | bad data | broken data | wrong numbers | data errors | data wrong | trust data',
    'data quality validation data observability data contracts',
  ],
  [
    'where data came from | data origin | trace data | data comes from',
    'data lineage provenance metadata catalog',
  ],
  [
    'which table | find data | discover datasets | find datasets | what data have',
    'data catalog metadata data discovery',
  ],
  [
    'metrics over time | sensor data | measurements over time | time series',
    'time-series database tsdb metrics storage',
  ],
  [
    'relationships between | connections between | social graph | friends of friends | network of',
    'graph database graph traversal knowledge graph',
  ],
  [
    'which database | choose database | pick database | sql or nosql | relational or | right database',
    'database selection relational nosql postgresql',
  ],
  [
    'all or nothing | half done | both happen | money transfer | partially applied | transfer money',
    'transactions atomicity acid two-phase commit saga',
  ],
  [
    'edit same | same time edit | overwrite each other | conflicting updates | lost update | two people edit | editing together | collaborate document',
    'concurrency control optimistic locking conflict resolution crdt collaborative editing',
  ],
  [
    'store cheaply | archive | old data | cold data | keep data forever | storage costs | storage expensive',
    'data retention tiered storage archival object storage',
  ],
  [
    'upload files | store images | store files | user uploads | large files | store videos',
    'object storage s3 blob storage uploads',
  ],
  [
    'duplicate records | duplicates | same item twice | dedupe | twice in database',
    'deduplication idempotency exactly-once',
  ],
  [
    'recommend | recommendations | you might like | suggestions | people also | personalize | personalise | personalized',
    'recommendation system recommender collaborative filtering personalization embeddings',
  ],
  [
    'search by meaning | meaning not keywords | similar text | find similar | similar documents | semantic',
    'semantic search vector search embeddings similarity nearest neighbor',
  ],
  ['spreadsheet | excel | csv files', 'spreadsheet data analysis csv'],
  [
    'history of changes | who changed what | audit trail | track changes | undo history | every change',
    'event sourcing audit log change history versioning',
  ],
  [
    'unique ids | generate ids | id generation | ids collide',
    'unique id generation uuid snowflake',
  ],
  // Distributed systems
  [
    'servers agree | agree on value | who is leader | pick leader | choose leader | nodes agree | agree on state',
    'consensus raft paxos leader election',
  ],
  [
    'network splits | part of network down | split brain | nodes cant talk | lose connection between',
    'network partition split brain cap theorem consistency availability',
  ],
  [
    'same message twice | processed twice | exactly once | duplicate messages | double charge | charged twice | sent twice | happens twice | only once',
    'idempotency exactly-once deduplication delivery semantics',
  ],
  [
    'eventually | see old data | stale reads | read my writes | not updated yet | delay before visible',
    'eventual consistency consistency model replication lag',
  ],
  [
    'many small services | split monolith | break up monolith | one big app | big codebase split | split application | break up application | microservices',
    'microservices monolith decomposition service boundaries architecture',
  ],
  [
    'services talk | services communicate | call other services | between services | service calls',
    'rpc grpc api service mesh communication',
  ],
  [
    'find services | where service running | service addresses | discover services',
    'service discovery dns load balancing',
  ],
  [
    'spread load | distribute requests | balance traffic | load across servers | send requests to servers | even load',
    'load balancing load balancer consistent hashing',
  ],
  [
    'out of order | order of events | happened first | wrong order | ordering',
    'ordering causality vector clocks logical clocks',
  ],
  [
    'only one worker | run only once | one at a time across | lock across servers | single instance',
    'distributed lock lease coordination zookeeper leader election',
  ],
  [
    'long running process | multi step process | steps fail halfway | workflow | several steps',
    'workflow orchestration saga temporal durable execution state machine',
  ],
  [
    'users around the world | far away users | many regions | multiple regions | worldwide | global users | other countries | different continents',
    'multi-region geo-distributed latency cdn replication',
  ],
  [
    'files faster | closer to users | static files | serve images fast | content delivery',
    'cdn edge caching content delivery network',
  ],
  [
    'jobs piling up | backlog growing | cant keep up | falling behind | lag growing | queue growing | queue backs up',
    'backpressure consumer lag queue throughput autoscaling',
  ],
  // Machine learning and LLMs
  [
    'make things up | makes things up | made up | makes up | invents | invent facts | lies | confidently wrong | wrong answers | false information | not true',
    'hallucination grounding factuality llm retrieval citations',
  ],
  [
    'chatbot | chat bot | ai assistant | talk to ai | ask ai | ai answers | assistant answers',
    'llm chatbot conversational ai assistant',
  ],
  ['ai | artificial intelligence | smart features', 'machine learning llm model ai'],
  [
    'ai write code | ai coding | ai writes code | code generation | write code for me | ai programmer | ai help coding | ai pair',
    'ai coding assistant code generation llm copilot agents',
  ],
  [
    'our documents | own documents | company documents | our own data | chat with documents | answer from docs | internal knowledge | knowledge base',
    'retrieval augmented generation rag embeddings vector search knowledge base',
  ],
  [
    'teach model | train model | own data model | customize model | adapt model | model learn',
    'fine-tuning training dataset transfer learning',
  ],
  [
    'ai expensive | model expensive | cheaper model | ai cost | ai cheaper | gpu cost | token costs',
    'inference cost optimization quantization distillation tokens',
  ],
  [
    'model smaller | run model phone | run model laptop | model on device | shrink model | run locally | small model',
    'quantization distillation on-device inference model compression',
  ],
  [
    'ai slow | model slow | llm slow | faster responses | answers faster | generation slow',
    'inference latency model serving batching gpu speculative decoding',
  ],
  [
    'how good model | measure ai | test ai | evaluate ai | ai quality | judge ai | model works well | model quality | good answers',
    'evaluation evals benchmark llm-as-judge metrics',
  ],
  [
    'gets worse over time | model degrades | data changes over time | predictions worse | accuracy drops',
    'model drift data drift monitoring retraining',
  ],
  [
    'biased | bias | unfair | discriminate | discrimination | fairness',
    'bias fairness responsible ai',
  ],
  [
    'why model decided | explain decision | black box | explain predictions | understand model',
    'explainability interpretability model transparency',
  ],
  [
    'ai safe | harmful | toxic | offensive output | ai safety | red team | misuse',
    'safety guardrails content moderation red teaming alignment',
  ],
  [
    'ai agents | ai does tasks | ai takes actions | autonomous ai | ai use tools | agent',
    'agents tool use function calling llm orchestration',
  ],
  [
    'ask ai better | instructions to ai | writing prompts | better prompts | talk to model',
    'prompt engineering prompting prompts',
  ],
  [
    'label data | labels | annotate | tag data | training examples',
    'labeling annotation training data dataset',
  ],
  [
    'predict | forecast | prediction | predictions | guess future',
    'forecasting prediction machine learning model',
  ],
  [
    'classify | categorize automatically | sort automatically | detect automatically | automatic tagging',
    'classification classifier machine learning',
  ],
  [
    'recognize images | what is in picture | understand photos | recognize faces | image recognition | detect objects',
    'computer vision image recognition object detection',
  ],
  [
    'speech | voice | transcribe | audio to text | spoken',
    'speech recognition transcription asr audio',
  ],
  [
    'other languages | many languages | multiple languages | translate | translation | foreign languages',
    'internationalization localization i18n translation multilingual',
  ],
  [
    'deploy model | model production | ship model | serve model | ml pipeline | reproduce training',
    'mlops model deployment model serving ml pipeline',
  ],
  [
    'most relevant first | better ranking | search results better | relevance | best results first',
    'ranking relevance learning to rank search quality',
  ],
  [
    'gpus | graphics cards | train faster | training slow | training takes',
    'gpu distributed training accelerators',
  ],
  // Front end
  [
    'page jumps | layout moves | content shifts | things jump around | jumps around',
    'cumulative layout shift cls web vitals',
  ],
  [
    'blank page | white screen | nothing shows | empty page first | first load slow | shows nothing',
    'server-side rendering hydration first contentful paint loading',
  ],
  [
    'manage state | state everywhere | shared between components | app state | data between components',
    'state management redux store react',
  ],
  [
    'reusable buttons | consistent look | same look | consistent design | reuse components | ui components | look the same',
    'design system component library ui consistency',
  ],
  ['styles conflict | css mess | styling | styles break', 'css styling css-in-js design tokens'],
  [
    'works offline | without internet | no connection | offline | no network | poor connection',
    'offline service worker pwa caching sync',
  ],
  [
    'install website | web app install | website like app | home screen',
    'progressive web app pwa service worker',
  ],
  ['dark mode | night mode | dark theme', 'dark mode theming css'],
  [
    'janky | jank | choppy | smooth scrolling | animations smooth | stuttering animation',
    'animation rendering frame rate 60fps performance',
  ],
  [
    'images heavy | big images | load images | image sizes | pictures slow',
    'image optimization lazy loading responsive images webp avif',
  ],
  [
    'different browsers | old browsers | works in chrome | browser differences | safari broken',
    'cross-browser compatibility polyfill',
  ],
  [
    'catch mistakes before running | javascript types | type errors | types javascript | typos break',
    'typescript static typing type checking',
  ],
  [
    'multiple teams frontend | split frontend | separate frontends | teams same website',
    'micro-frontends module federation',
  ],
  [
    'google find | show up in google | search engine ranking | found by google | seo',
    'seo search engine optimization server-side rendering',
  ],
  [
    'live updates | updates without refresh | instant updates | push updates | real time | realtime | update automatically',
    'websockets server-sent events real-time push',
  ],
  [
    'frontend framework | which framework | react or | framework choose',
    'javascript framework react vue svelte',
  ],
  // Accessibility
  [
    'blind | visually impaired | cant see | cannot see | vision impaired | low vision | sight',
    'accessibility screen reader a11y aria',
  ],
  ['deaf | hard of hearing | captions | subtitles', 'accessibility captions a11y'],
  [
    'keyboard only | without mouse | cant use mouse | tab key | no mouse',
    'keyboard navigation accessibility focus management',
  ],
  [
    'disabled users | disabilities | disability | impaired | everyone can use | usable by everyone | inclusive | people with',
    'accessibility a11y wcag inclusive design',
  ],
  [
    'color blind | colour blind | contrast | hard to read colors',
    'color contrast accessibility wcag',
  ],
  ['older users | elderly | seniors', 'accessibility usability'],
  ['easy to read | readable | dyslexia | hard to read', 'readability accessibility typography'],
  // Mobile
  [
    'phone app | mobile app | iphone | android | app store | phones | smartphone | apps',
    'mobile ios android app',
  ],
  [
    'battery | drains battery | battery life | power hungry',
    'battery energy efficiency power consumption mobile',
  ],
  [
    'app crashes | crashes on phone | app keeps crashing | app crash',
    'crash reporting stability mobile crashes',
  ],
  [
    'one codebase | both platforms | cross platform | write once | ios and android',
    'cross-platform react native flutter kotlin multiplatform',
  ],
  ['notify users | notifications | alerts on phone | push notification', 'push notifications'],
  [
    'release app | ship app | app update | app release',
    'app release mobile ci app store release train',
  ],
  [
    'cheap phones | old phones | low end devices | slow phones | older devices',
    'low-end devices performance mobile',
  ],
  [
    'app opens slowly | app launch | app startup | app takes long open',
    'app startup time launch performance cold start',
  ],
  // Networking
  [
    'internet slow | network slow | connection slow | packets lost | bad connection | poor network | slow network',
    'network latency packet loss tcp congestion control bandwidth',
  ],
  ['domain name | website address | names resolve | dns', 'dns resolution dns'],
  ['newer http | faster http | http faster | quic', 'http/3 quic http/2 tcp'],
  ['ip addresses | run out of addresses | address space', 'ipv6 ip addressing networking'],
  [
    'block traffic | network rules | firewall | which traffic allowed',
    'firewall network policy security groups',
  ],
  [
    'private network | connect offices | vpn | remote access',
    'vpn private network networking wireguard',
  ],
  [
    'proxy | reverse proxy | gateway | front door | edge server',
    'load balancer reverse proxy api gateway envoy nginx',
  ],
  [
    'packets fast | bypass kernel | kernel network | network in kernel',
    'ebpf xdp kernel networking',
  ],
  [
    'emails spam folder | emails not arriving | email delivery | emails land spam',
    'email deliverability spf dkim dmarc smtp',
  ],
  // DevOps, infrastructure, tooling
  [
    'package app | containers | container | docker | ship app same everywhere',
    'containers docker container images',
  ],
  [
    'containers many servers | manage containers | run containers | orchestrate | cluster of servers',
    'kubernetes orchestration container scheduling cluster',
  ],
  [
    'build slow | slow builds | builds take | ci slow | tests take long | pipeline slow | waiting for builds | compile slow | compiling takes',
    'ci build performance build cache build system bazel parallel',
  ],
  [
    'ship code | release code | push to production | ship faster | deploy often | release often | deploy | deploying | deployment | release process',
    'continuous delivery deployment ci/cd pipeline release',
  ],
  [
    'servers configured | click console | manual setup | configure servers | setting up servers | set up infrastructure',
    'infrastructure as code terraform configuration management',
  ],
  [
    'cloud bill | cloud costs | spend less | aws bill | costs too much | reduce costs | save money | expensive servers | cheaper | too expensive | cost',
    'cost optimization finops cloud cost efficiency',
  ],
  [
    'move to cloud | leave data center | migrate to cloud | move to aws | leave cloud | cloud exit | own servers | back to own',
    'cloud migration on-premises data center',
  ],
  [
    'no servers manage | without managing servers | functions in cloud | pay per request',
    'serverless functions lambda faas',
  ],
  [
    'works on my machine | dev environment | local setup | setting up laptop | environment differences | same environment',
    'development environment reproducible builds containers devcontainer',
  ],
  [
    'bad config | config mistakes | configuration mistakes | config change broke | wrong settings | settings change',
    'configuration management config validation rollout',
  ],
  [
    'update libraries | upgrade dependencies | outdated libraries | dependency hell | keep libraries up to date | old versions',
    'dependency management upgrades versioning renovate',
  ],
  [
    'one repository | many repositories | all code one repo | mono repo | single repo',
    'monorepo repository build system',
  ],
  [
    'merge conflicts | branches | git history | version control | branching',
    'git version control branching merge trunk-based development',
  ],
  [
    'internal platform | developer portal | golden path | self service | platform team | paved road',
    'platform engineering internal developer platform developer experience',
  ],
  ['linux | operating system | kernel', 'linux kernel operating system'],
  ['virtual machines | vms | hypervisor', 'virtualization virtual machines hypervisor'],
  [
    'upgrade everything | big upgrade | upgrade version | upgrading | migrate to new version',
    'upgrade migration version compatibility',
  ],
  // Testing and code quality
  [
    'tests fail randomly | tests break randomly | unreliable tests | tests pass sometimes | flaky tests | tests flaky',
    'flaky tests test reliability quarantine',
  ],
  [
    'how much testing | untested code | test coverage | enough tests | what to test',
    'test coverage unit testing testing strategy',
  ],
  [
    'catch bugs | find bugs early | bugs reach production | prevent bugs | bugs in production | fewer bugs | less bugs',
    'testing quality assurance code review static analysis',
  ],
  [
    'random inputs | generate test cases | fuzz | weird inputs | unexpected inputs',
    'fuzzing property-based testing',
  ],
  [
    'test ui | click through app | browser tests | end to end | test whole app | test like user',
    'end-to-end testing browser automation playwright selenium',
  ],
  [
    'test in production | testing in production',
    'testing in production canary observability feature flags',
  ],
  [
    'compare screenshots | visual changes | ui looks different | layout broke',
    'visual regression testing screenshot testing',
  ],
  [
    'fake services | test without real | mock | mocks | stub',
    'mocking test doubles integration testing contract testing',
  ],
  [
    'breaks clients | breaking changes | change api safely | api change | old clients',
    'api versioning backward compatibility contract testing breaking changes',
  ],
  [
    'review code | code reviews | reviewing changes | pull requests | review process',
    'code review pull request',
  ],
  [
    'old code | old codebase | legacy | rewrite | technical debt | messy code | spaghetti | clean up code | code rot | hard to change | hard to maintain',
    'technical debt refactoring legacy code modernization rewrite maintainability',
  ],
  [
    'cant reproduce | cannot reproduce | hard to reproduce | only happens production | heisenbug',
    'debugging reproducibility record replay observability',
  ],
  [
    'find bug | track down bug | figure out bug | why crash | crashes | crashing | debug | debugging | hunt bug',
    'debugging root cause crash analysis',
  ],
  [
    'many users same time | stress test | simulate traffic | load test | fake traffic',
    'load testing performance testing stress testing',
  ],
  [
    'code style | formatting | lint | consistent code',
    'linting formatting static analysis code style',
  ],
  // Languages, runtimes and compilers
  [
    'memory bugs | buffer overflow | segfault | memory corruption | memory safe | memory safety | crashes memory',
    'memory safety rust buffer overflow undefined behavior',
  ],
  [
    'rewrite in | switch language | change programming language | another language | port code | move to rust | move to go',
    'rewrite migration programming language rust go',
  ],
  [
    'compiler | compilation | compile | compiles',
    'compiler compilation llvm optimization build times',
  ],
  [
    'wait without blocking | non blocking | callbacks | async | many connections one thread',
    'async await concurrency event loop non-blocking io',
  ],
  [
    'free memory | memory managed automatically | memory cleaned up | garbage',
    'garbage collection memory management gc',
  ],
  [
    'native speed browser | code in browser | run in browser | browser fast code',
    'webassembly wasm',
  ],
  [
    'interpreter | jit | runtime faster | language runtime | virtual machine language',
    'jit compiler runtime interpreter bytecode',
  ],
  [
    'python slow | speed up python | faster python | python performance',
    'python performance cython rust extension',
  ],
  [
    'pure functions | immutable | immutability | side effects',
    'functional programming immutability',
  ],
  [
    'type system | types | typed | static types | dynamic types',
    'type system static typing type checking',
  ],
  [
    'weird characters | text encoding | garbled text | emoji | unicode | accents broken',
    'unicode text encoding utf-8',
  ],
  [
    'rounding errors | floating point | money rounding | decimal',
    'floating point precision decimal arithmetic',
  ],
  // Architecture and APIs
  [
    'design api | good api | api design | api users | public api',
    'api design rest graphql openapi',
  ],
  [
    'too many requests frontend | fetch data frontend | overfetching | exactly data needed',
    'graphql rest api backend for frontend',
  ],
  [
    'organize code | code structure | design patterns | modular | architecture | structure application',
    'software architecture design patterns modularity',
  ],
  ['business logic | domain model | business rules', 'domain-driven design domain model'],
  [
    'autocomplete | suggest while typing | search as you type | typeahead',
    'autocomplete typeahead search suggestions',
  ],
  ['location | nearby | maps | map | geography | places', 'geospatial location maps geocoding'],
  [
    'payments | pay | checkout | billing | subscriptions | invoices | credit card',
    'payments billing checkout pci',
  ],
  [
    'video | watch videos | video quality | buffering | streaming video | live stream',
    'video streaming encoding transcoding adaptive bitrate',
  ],
  [
    'send emails | email notifications | emails to users | newsletter',
    'email delivery notifications',
  ],
  [
    'one login | single sign | sso | login once | log in with google | login with',
    'single sign-on sso oauth saml openid connect identity',
  ],
  [
    'stay logged in | logged out | user sessions | session expires | remember me',
    'sessions cookies tokens jwt authentication',
  ],
  [
    'crawl websites | scrape | scraping | crawler | download pages',
    'web crawling scraping crawler',
  ],
  [
    'large codebase | find code | navigate code | code search | understand codebase',
    'code search code navigation codebase developer tools',
  ],
  ['game | games | multiplayer | gaming', 'game development multiplayer networking'],
  [
    'energy use | carbon | climate | green computing | environment impact',
    'sustainability energy efficiency carbon footprint',
  ],
  [
    'chips | silicon | hardware design | fpga | custom hardware',
    'hardware chip design fpga accelerators',
  ],
  ['robot | robots | self driving | autonomous car | drones', 'robotics autonomous vehicles'],
  ['quantum', 'quantum computing qubits'],
  ['blockchain | crypto | bitcoin | web3', 'blockchain cryptocurrency'],
  [
    'open source | contribute to | maintainers | maintain library',
    'open source community maintainers',
  ],
  // Management and culture
  [
    'hire | hiring | recruit | recruiting | interview | interviews | candidates | job applicants',
    'hiring interviewing recruiting interview process',
  ],
  [
    'new employee | new hire | new hires | first weeks | new joiner | new engineers | new team members | get started team',
    'onboarding new hires mentoring ramp up',
  ],
  [
    'career | promotion | get promoted | promoted | levels | senior engineer | staff engineer | grow as engineer | next level',
    'career growth promotion engineering ladder staff engineer',
  ],
  [
    'manager | managing people | become manager | lead team | team lead | leading engineers | managers',
    'engineering management leadership manager',
  ],
  [
    'burnout | burned out | burnt out | stress | stressed | exhausted | overworked | tired | work life',
    'burnout wellbeing sustainable pace work-life balance',
  ],
  [
    'work from home | remote | distributed team | team across time zones | async work | hybrid work',
    'remote work distributed teams asynchronous communication',
  ],
  ['meetings | too many meetings | meeting', 'meetings productivity communication'],
  [
    'productivity | developers faster | developer happiness | measure engineers | measure productivity | get more done | developers productive',
    'developer productivity developer experience dora metrics',
  ],
  [
    'estimate | estimates | deadlines | how long will take | planning | roadmap | prioritize | priorities',
    'estimation planning roadmap prioritization project management',
  ],
  [
    'documentation | write down decisions | knowledge sharing | documents decisions | docs | write docs | wiki',
    'documentation architecture decision records knowledge sharing',
  ],
  [
    'organize teams | team structure | how teams split | org chart | reorg | team size | split teams',
    'team topologies organizational design team structure',
  ],
  [
    'culture | values | psychological safety | trust in team | team trust | blameless culture',
    'engineering culture psychological safety',
  ],
  [
    'feedback | performance review | performance reviews | one on one | one on ones',
    'feedback performance reviews one-on-ones',
  ],
  [
    'diversity | inclusion | underrepresented | women in tech | diverse team',
    'diversity inclusion dei',
  ],
  [
    'mentor | mentoring | teach juniors | junior engineers | juniors | learn from seniors',
    'mentoring mentorship junior engineers',
  ],
  [
    'make decisions | decide architecture | design doc | design documents | proposals | technical decisions',
    'design document rfc decision making architecture review',
  ],
  [
    'tell customers | status page | communicate outage | incident communication',
    'incident communication status page',
  ],
  ['hackathon | innovation | side projects | experiments time', 'hackathon innovation'],
  ['intern | interns | internship | students', 'internship early career'],
  ['learn new | learning | get better at | improve skills | study', 'learning skills growth'],
  [
    'product managers | work with product | engineers and product | customers want | user needs',
    'product management product engineering collaboration',
  ],
  ['startup | small company | early stage | founders', 'startup engineering early-stage'],
];
