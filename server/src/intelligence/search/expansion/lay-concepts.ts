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
  [
    'ui freezes | page freezes | page unresponsive | unresponsive | clicks slow | input lag | typing lag | button slow respond',
    'interaction to next paint inp long tasks main thread web worker responsiveness',
  ],
  [
    'threads waiting | waiting for lock | waiting on lock | locks slow | threads blocked | too much locking',
    'lock contention mutex lock-free synchronization',
  ],
  [
    'too many threads | thread per request | threads expensive | lightweight threads',
    'thread pool virtual threads green threads context switching coroutines',
  ],
  [
    'json slow | parsing slow | serialization slow | encoding slow | parse faster',
    'serialization protobuf json parsing simd',
  ],
  [
    'regex slow | regular expression slow | regex hangs | regular expression hangs',
    'regex backtracking redos regular expression engine',
  ],
  [
    'disk slow | slow disk | io slow | writes slow | reading files slow | writing files slow | file access slow',
    'disk io iops fsync ssd storage performance page cache',
  ],
  [
    'api slow | endpoint slow | requests slow | slow requests | slow responses | responses slow | server slow',
    'latency api performance profiling tracing caching bottleneck',
  ],
  [
    'cache not working | cache keeps missing | cache too small',
    'cache hit ratio eviction lru cache warming',
  ],
  [
    'cache expires at once | everyone requests same | same key at once | all requests hit database | cache expired everything',
    'thundering herd cache stampede request coalescing',
  ],
  [
    'one server busier | uneven load | one shard busy | hot shard | one key popular',
    'hot key hot partition data skew rebalancing',
  ],
  [
    'slower after update | slower after change | got slower | became slow | slowed down after | slower than before',
    'performance regression benchmarking continuous profiling',
  ],
  [
    'faster code | optimize code | make code faster | speed up code | code faster',
    'performance optimization profiling algorithm complexity',
  ],
  ['server busy | cpu busy', 'saturation utilization queueing throughput'],
  [
    'how many requests per second | requests per second | handle more requests',
    'throughput requests per second load testing benchmark',
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
  [
    'deploy broke | release broke | change broke | update broke | after deploy | after deploying | after release | after update | broke after',
    'rollback canary incident postmortem change management deployment safety',
  ],
  [
    'crashes on start | crashes on startup | wont start | fails to start | doesnt start | cant start | does not start | fails at startup',
    'startup crash crashloopbackoff configuration error logs readiness probe',
  ],
  [
    'health check failing | is service healthy | service healthy',
    'health check liveness readiness probe',
  ],
  [
    'what to alert on | which alerts | alert thresholds | alert on what | when to alert | good alerts',
    'slo burn rate alerting symptom-based alerting',
  ],
  [
    'lots of errors | errors spike | error spike | 500 errors | many errors | errors went up',
    'error rate http 5xx monitoring alerting incident',
  ],
  [
    'third party down | vendor down | provider down | aws down | cloud outage | provider outage | dependency down | external service down',
    'dependency failure graceful degradation fallback circuit breaker multi-cloud',
  ],
  [
    'still work when | keep working when | partly working | degrade gracefully',
    'graceful degradation fallback resilience partial failure',
  ],
  [
    'fix faster | recover faster | time to recover | took hours fix | long outage | incident took',
    'mttr mean time to recovery incident response',
  ],
  [
    'who in charge incident | who leads incident | coordinate incident | incident roles | during incident',
    'incident commander incident management incident response',
  ],
  [
    'cpu throttled | throttled container | resource limits | container limits | limits kubernetes',
    'cpu throttling cgroups resource requests limits kubernetes',
  ],
  [
    'pods pending | cant schedule | cluster full | nodes full | out of nodes | not enough nodes',
    'cluster autoscaler scheduling resource requests bin packing',
  ],
  [
    'too many metrics | metrics expensive | metrics cost | too many time series | metrics explode',
    'high cardinality metrics cost prometheus',
  ],
  [
    'observability cost | logging cost | logs cost | monitoring expensive | datadog bill | monitoring bill',
    'observability cost log volume sampling retention',
  ],
  [
    'what happened before crash | why did crash',
    'core dump crash analysis debugging postmortem debugging',
  ],
  [
    'find cause | why it happened | why did happen | underlying cause',
    'root cause analysis five whys postmortem',
  ],
  [
    'maintenance window | planned maintenance | scheduled downtime',
    'maintenance window zero-downtime migration change management',
  ],
  [
    'dns broke | dns problems | dns outage | names not resolving',
    'dns outage ttl resolver caching',
  ],
  [
    'same incident again | keeps happening | repeat incidents | recurring problem',
    'postmortem action items recurring incidents reliability',
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
  [
    'account taken over | accounts hijacked | someone logged into | stolen accounts | accounts stolen | account stolen',
    'account takeover credential stuffing mfa session hijacking',
  ],
  [
    'guessing passwords | guess passwords | many login attempts | login attempts | password guessing',
    'brute force credential stuffing rate limiting account lockout',
  ],
  [
    'session stolen | cookie stolen | token stolen | token leaked | stolen tokens | stolen cookies',
    'session hijacking token theft httponly cookie jwt',
  ],
  [
    'uploaded files malicious | upload malware | users upload files | malicious file',
    'file upload validation malware scanning',
  ],
  [
    'server fetches url | fetch any url | request internal network | internal services exposed',
    'ssrf server-side request forgery network segmentation',
  ],
  [
    'blocked by browser | cross origin | other domain requests',
    'cors same-origin policy preflight',
  ],
  [
    'passwords in logs | secrets in logs | sensitive data logs | logs contain',
    'log redaction pii secrets logging',
  ],
  [
    'employee leaves | someone leaves company | revoke access | remove access',
    'access revocation offboarding identity lifecycle least privilege',
  ],
  [
    'too much access | everyone admin | too many permissions | only access they need | minimum access',
    'least privilege iam permissions access review',
  ],
  [
    'cloud permissions | aws permissions | iam roles | cloud accounts secure | secure aws',
    'iam policy least privilege cloud security',
  ],
  [
    'containers secure | secure containers | secure docker | container escape',
    'container security image scanning rootless seccomp',
  ],
  [
    'build tampered | trust build | verify build | signed builds | sign releases | sign code',
    'code signing provenance slsa reproducible builds sigstore',
  ],
  [
    'vulnerable dependency | vulnerable library | known vulnerability | library vulnerability | dependency vulnerabilities',
    'cve dependency scanning vulnerability management sca',
  ],
  [
    'unknown vulnerability | new vulnerability | critical vulnerability',
    'zero-day vulnerability exploit patching incident response',
  ],
  ['ransomware | files encrypted attacker | extortion', 'ransomware backup incident response'],
  [
    'services authenticate | service to service | machine to machine | api authentication | authenticate api | authenticate requests',
    'oauth api keys mtls service authentication jwt workload identity',
  ],
  ['sign in | signing in | sign up | signup', 'authentication login identity sessions oauth'],
  [
    'security team small | security everyone | developers security | shift security left',
    'devsecops shift left security champions secure development',
  ],
  [
    'secrets rotate | change keys regularly | rotate keys | rotate passwords | rotate credentials',
    'secret rotation key rotation credential rotation',
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
  [
    'data stays in | data in europe | data in country | data location | where data stored',
    'data residency data sovereignty gdpr compliance',
  ],
  [
    'only recipient read | messages private | private messages | private chat | nobody else can read',
    'end-to-end encryption e2ee signal protocol',
  ],
  [
    'trained on my data | train on user data | ai uses my data | data used for training',
    'data privacy training data consent opt-out',
  ],
  [
    'collect less data | collect only | minimum data | data we need',
    'data minimization privacy by design',
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
  [
    'database locked | table locked | queries blocked | queries waiting | locks table | blocking queries',
    'lock contention blocking row locks deadlock isolation level',
  ],
  [
    'database keeps growing | table keeps growing | database bloat | table bloat | dead rows | disk grows database',
    'vacuum bloat autovacuum compaction',
  ],
  [
    'index not used | ignores index | slow despite index | query ignores | wrong plan',
    'query planner statistics explain analyze index',
  ],
  [
    'scans whole table | scanning whole table | full table | reads every row',
    'sequential scan full table scan index query plan',
  ],
  [
    'upgrade postgres | upgrade database | database upgrade | major version database | upgrade mysql',
    'database upgrade postgres major version logical replication',
  ],
  [
    'replica behind | replica lag | replicas behind | reads out of date | replica out of date',
    'replication lag read replica consistency',
  ],
  [
    'too many writes | write heavy | lots of writes | many inserts | inserts slow | writes bottleneck',
    'write throughput lsm tree write amplification batching bulk insert',
  ],
  [
    'count rows slow | counting slow | count distinct | count unique | how many unique',
    'approximate counting hyperloglog sketches',
  ],
  [
    'pagination slow | page through | deep pages | next page slow | paging through | infinite scroll',
    'pagination keyset pagination cursor offset',
  ],
  [
    'billions rows | huge table | large table | big table | millions rows',
    'partitioning large tables indexing sharding',
  ],
  [
    'flexible schema | schemaless | json in database | store json | no fixed schema',
    'jsonb document database schema design nosql',
  ],
  ['joins slow | join slow | too many joins', 'join query plan denormalization index'],
  ['orm slow | orm problems | orm or sql | raw sql', 'orm n+1 query builder raw sql'],
  [
    'keep data in memory | data in memory | fast key value',
    'redis in-memory cache key-value store',
  ],
  [
    'storage costs | keep data forever | old data costs | store old data | archive old data',
    'data retention tiered storage archiving lifecycle policy',
  ],
  [
    'store data columns | file format analytics | analytics file format | columns instead rows',
    'columnar storage parquet compression analytics',
  ],
  [
    'data as arrives | process events as | real time data | streaming data | live data processing',
    'stream processing kafka flink real-time analytics',
  ],
  ['raw data store | store all data', 'data lake lakehouse iceberg delta lake'],
  [
    'query terabytes | big data | huge datasets | process large datasets | lots of data process',
    'spark distributed query engine data warehouse batch processing',
  ],
  [
    'design tables | database design | table design | structure data',
    'data modeling schema design normalization denormalization',
  ],
  [
    'delete old data | purge old | clean old records | remove old rows | data expire',
    'data retention ttl partitioning archival',
  ],
  [
    'migration broke | migration failed | migrations fail | failed migration | migration went wrong',
    'schema migration rollback expand contract online migration',
  ],
  [
    'many reads | read heavy | lots of reads | reads bottleneck',
    'read replicas caching read scaling',
  ],
  [
    'corrupted data | data corruption | file corrupted | corrupt files | bit flip | silently wrong',
    'data corruption checksums integrity verification',
  ],
  [
    'disk failed | drive failed | disk dies | hard drive | disks fail',
    'disk failure raid redundancy replication durability',
  ],
  ['query big json | analyze logs | query logs', 'log analytics columnar clickhouse observability'],
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
  [
    'messages lost | lost messages | events lost | lost events | message disappeared | never arrived | messages missing',
    'message delivery guarantees at-least-once durability acknowledgements dead letter queue',
  ],
  [
    'message keeps failing | failed messages | bad message | poison message | stuck message',
    'dead letter queue poison message retries',
  ],
  [
    'encrypt between services | traffic between services | control traffic services | services securely talk',
    'service mesh istio mtls sidecar',
  ],
  [
    'shared cache | cache across servers | cache many servers | cache between servers',
    'distributed cache redis memcached consistent hashing',
  ],
  [
    'write database and send | update database and send | save and publish | two systems update | both systems updated',
    'transactional outbox dual writes change data capture',
  ],
  [
    'replay events | reprocess events | reprocess data',
    'event replay backfill event sourcing kafka retention',
  ],
  [
    'requests in flight | shutting down safely | stop server safely | drain connections',
    'graceful shutdown connection draining sigterm',
  ],
  [
    'one request waits others | slowest server | waiting for slowest',
    'tail latency hedged requests head-of-line blocking fan-out',
  ],
  [
    'machines join leave | which nodes alive | node failed detect | detect dead nodes',
    'failure detection membership gossip heartbeat',
  ],
  [
    'data in many places | where data lives | move data closer | data near users',
    'data locality geo-replication edge',
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
  [
    'chatbot forgets | model forgets | long conversations | context too long | too much text | document too long | long documents',
    'context window long context memory summarization retrieval',
  ],
  [
    'ai returns json | wrong format | output format | parse ai output | ai output parse',
    'structured output json mode function calling schema validation',
  ],
  [
    'different answer each time | answers vary | answers change | not deterministic | inconsistent answers',
    'temperature sampling nondeterminism evaluation',
  ],
  [
    'doesnt know recent | outdated answers | model outdated | latest information',
    'knowledge cutoff retrieval augmented generation rag web search',
  ],
  ['split documents | chunk documents | document pieces', 'chunking embeddings retrieval rag'],
  [
    'not enough data | little data | small dataset | few examples',
    'data augmentation synthetic data few-shot transfer learning',
  ],
  [
    'generate images | generate pictures | ai images | image generation | ai art',
    'diffusion models image generation generative ai',
  ],
  [
    'detect anomalies | unusual behavior | unusual behaviour | something unusual | spot outliers | weird patterns | strange behavior',
    'anomaly detection outlier detection monitoring',
  ],
  ['ai review code | ai code review | review with ai', 'ai code review llm static analysis'],
  [
    'not enough gpus | share gpus | gpu shortage | gpus idle',
    'gpu scheduling utilization cluster inference serving',
  ],
  [
    'features for model | feature pipelines | model inputs | same features training',
    'feature store feature engineering training-serving skew',
  ],
  [
    'track experiments | compare models | which model better | model versions',
    'experiment tracking model registry mlops evaluation',
  ],
  [
    'ai understand text | text understanding | understand language | read text automatically',
    'natural language processing nlp transformers embeddings',
  ],
  [
    'ai memory | remembers users | remember conversation | remember previous',
    'memory agents personalization long-term memory',
  ],
  [
    'model leaks data | model memorized | ai leaks',
    'memorization data leakage privacy llm security',
  ],
  [
    'answers from ai wrong | ai gives wrong | ai mistakes | ai errors | ai unreliable',
    'hallucination evaluation guardrails grounding',
  ],
  [
    'ai search | ask questions documents | question answering',
    'question answering retrieval augmented generation rag semantic search',
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
  [
    'page flickers | flicker | flash unstyled | content flashes',
    'hydration flash of unstyled content css loading',
  ],
  [
    'back button broken | back button | urls in app | links in app',
    'routing client-side router history api',
  ],
  [
    'tab uses memory | browser memory | browser tab slow | tab crashes',
    'browser memory leak devtools heap snapshot',
  ],
  [
    'too many rerenders | component slow | react slow',
    'react re-render memoization performance profiler',
  ],
  [
    'long list slow | long list | thousands of rows | huge list',
    'virtualization windowing list rendering',
  ],
  [
    'fonts slow | font loading | text invisible | fonts load',
    'web fonts font loading font-display',
  ],
  [
    'errors in browser | frontend errors | javascript errors | errors users see',
    'error tracking frontend monitoring real user monitoring source maps',
  ],
  [
    'real users speed | what users experience | speed for users | measure page speed',
    'real user monitoring rum web vitals',
  ],
  ['input validation form | user input form', 'forms validation accessibility'],
  [
    'site on all screens | phone and desktop | screen sizes | different screens | mobile friendly',
    'responsive design media queries mobile-first layout',
  ],
  ['align boxes | position elements | center div', 'css layout flexbox grid'],
  ['build frontend | javascript build', 'bundler vite webpack esbuild build tooling'],
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
  [
    'screen reader reads | read aloud | announce changes | screen reader cant | screen reader announces',
    'aria live regions screen reader semantic html',
  ],
  [
    'focus lost | focus jumps | where focus | focus moves',
    'focus management keyboard navigation accessibility',
  ],
  [
    'motion sickness | animations dizzy | reduce motion | too much animation',
    'prefers-reduced-motion accessibility animation',
  ],
  [
    'text too small | bigger text | zoom text | enlarge text | larger fonts',
    'font scaling dynamic type zoom accessibility',
  ],
  [
    'check site usable | test usable | accessible site | accessible app | make accessible | accessible website',
    'accessibility audit automated accessibility testing wcag axe',
  ],
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
  ['app size | app too large | app download size | smaller app', 'app size binary size mobile'],
  [
    'update app without store | skip app review | app store review | update without release',
    'over-the-air updates code push app store review',
  ],
  ['open app from link | links open app | link into app', 'deep linking universal links app links'],
  [
    'app freezes | app not responding | app hangs | app unresponsive',
    'anr main thread mobile performance',
  ],
  [
    'test on many phones | device fragmentation | different phones',
    'device testing device farm fragmentation mobile',
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
  [
    'connection refused | cant connect | cannot connect | connection reset | connections drop | connection drops | connection lost',
    'tcp connection reset timeout networking debugging',
  ],
  [
    'https slow | secure connection slow | handshake slow | new connections slow | reuse connections',
    'tls handshake latency connection reuse keep-alive',
  ],
  [
    'see network traffic | inspect traffic | capture traffic | what goes over network | sniff traffic',
    'tcpdump wireshark packet capture',
  ],
  [
    'network between containers | container networking | pods talk | pod network',
    'kubernetes networking cni overlay network',
  ],
  [
    'slow for far users | slow other countries | far from server | slow overseas',
    'latency cdn edge anycast geo-distribution',
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
  [
    'build breaks | ci fails | pipeline fails | broken build | builds fail | build broken | ci red',
    'ci failures build reliability flaky tests',
  ],
  [
    'docker image big | large container image | container image size',
    'container image size multi-stage build distroless layers',
  ],
  [
    'servers differ | servers different | snowflake servers',
    'configuration drift immutable infrastructure infrastructure as code',
  ],
  [
    'kubernetes complicated | kubernetes too complex | need kubernetes | kubernetes worth | without kubernetes',
    'kubernetes complexity managed platform paas',
  ],
  [
    'test environment | preview environment | copy of production',
    'staging environment preview environments ephemeral environments',
  ],
  [
    'afraid to deploy | scared to deploy | deploy friday | deploy fear | risky deploys | deploys risky',
    'deployment confidence continuous delivery rollback feature flags',
  ],
  [
    'many people merging | main branch broken | merging conflicts main',
    'merge queue trunk-based development continuous integration',
  ],
  [
    'long lived branches | feature branches | branches diverge',
    'trunk-based development feature flags continuous integration',
  ],
  [
    'deploy from git | git as source | git deploys | infrastructure in git',
    'gitops argo cd flux declarative',
  ],
  [
    'rebuild everything | build again same | cache builds | reuse build',
    'build cache incremental build remote cache hermetic',
  ],
  [
    'idle servers | unused resources | servers doing nothing | overprovisioned | wasted capacity | pay for idle',
    'rightsizing utilization autoscaling spot instances bin packing',
  ],
  ['cheap servers interrupted | cheaper instances', 'spot instances preemptible cost optimization'],
  [
    'data transfer costs | network costs | bandwidth costs',
    'egress costs data transfer cloud networking',
  ],
  [
    'manage many clusters | many clusters | fleet of servers | thousands of servers',
    'fleet management multi-cluster automation',
  ],
  [
    'who changed infrastructure | infrastructure changes | review infrastructure changes',
    'infrastructure as code terraform plan policy as code drift',
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
  [
    'tests break every change | brittle tests | fragile tests | tests break refactor | tests hard to maintain',
    'brittle tests test design mocks implementation details',
  ],
  [
    'tests need database | test database | test with real database | database in tests',
    'integration testing testcontainers fixtures',
  ],
  [
    'test data | fake data tests | realistic data tests',
    'test data fixtures factories synthetic data',
  ],
  [
    'bug came back | old bug back | bugs return | same bug again | fixed bug returns',
    'regression testing regression test',
  ],
  [
    'test services together | test microservices | services break each other | teams break each other',
    'contract testing consumer-driven contracts integration testing',
  ],
  [
    'manual testing | testers | qa team | test by hand | click through manually',
    'quality assurance test automation manual testing',
  ],
  ['tests first | write tests before | test before code', 'test-driven development tdd'],
  [
    'prove correct | prove correctness | verify correctness | mathematically correct',
    'formal verification tla+ model checking',
  ],
  [
    'are tests good | tests catch anything | test quality | tests useful',
    'mutation testing test quality coverage',
  ],
  [
    'code hard to test | make code testable | testable code',
    'testability dependency injection unit testing design',
  ],
  [
    'too many tests slow | run only affected tests | which tests run',
    'test selection test impact analysis ci',
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
  [
    'null errors | null pointer | undefined is not | nil pointer | null crashes | null checks',
    'null safety optional types null pointer exception',
  ],
  ['handle errors | errors handled | catch errors', 'error handling exceptions result types'],
  [
    'number too big | numbers overflow | numbers wrap',
    'integer overflow arithmetic undefined behavior',
  ],
  [
    'dates wrong | date bugs | daylight saving | leap year | leap second | dates hard',
    'time zones daylight saving time date handling',
  ],
  ['code writes code | boilerplate', 'metaprogramming macros code generation'],
  [
    'which language | choose language | pick language | language for project | best language',
    'programming language comparison language choice',
  ],
  [
    'same code many types | reusable functions types | generic code',
    'generics parametric polymorphism type system',
  ],
  ['threads same data | shared data threads', 'data race thread safety concurrency memory model'],
  [
    'upgrade language version | new language version | language features new | whats new in',
    'release language features upgrade',
  ],
  ['install packages | publish library', 'package manager packaging dependency resolution'],
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
  [
    'notify other system | call back when | other system notified | tell other system',
    'webhooks callbacks event notification',
  ],
  [
    'upload large files | resume upload | uploads fail | big uploads',
    'resumable upload multipart chunked upload',
  ],
  [
    'many customers same | customers share | one customer affects | noisy neighbor | noisy neighbour | per customer isolation',
    'multi-tenancy tenant isolation noisy neighbor',
  ],
  ['extend app | let users extend | add ons', 'plugin architecture extensibility'],
  [
    'cache api responses | http caching | browser caching | cache headers',
    'http caching cache-control etag cdn',
  ],
  [
    'report takes minutes | long requests | export large | request takes minutes | long running request',
    'asynchronous processing background jobs job queue polling',
  ],
  [
    'same logic everywhere | duplicated code | copy paste code',
    'code duplication abstraction refactoring dry',
  ],
  [
    'depend on each other | tightly coupled | changes ripple | change one thing breaks',
    'coupling cohesion modularity dependency management architecture',
  ],
  [
    'design system scale | design interview | how to design',
    'system design architecture scalability trade-offs',
  ],
  [
    'config per environment | settings per environment',
    'configuration environment variables twelve-factor',
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
  [
    'team slowed | shipping slower | velocity dropped | team slow | features take longer | everything takes longer',
    'developer productivity engineering velocity technical debt dora metrics',
  ],
  [
    'interruptions | constantly interrupted | no focus',
    'focus time interruptions context switching maker schedule',
  ],
  [
    'disagree | disagreement | conflict in team | team conflict',
    'conflict resolution communication disagreement',
  ],
  [
    'people leave | engineers leave | keep engineers | quit | quitting | turnover',
    'retention attrition engagement',
  ],
  ['layoffs | laid off | job loss | lost job', 'layoffs job market careers'],
  [
    'project late | missed deadline | behind schedule | deadline slip | always late',
    'estimation project management scope creep',
  ],
  ['nobody owns | who owns | owner of service', 'ownership service ownership accountability'],
  [
    'write better | writing skills | write clearly',
    'technical writing communication documentation',
  ],
  [
    'give talk | conference talk | public speaking | speak at conference',
    'conference talks public speaking',
  ],
  ['feel like fraud | not good enough | impostor | imposter', 'impostor syndrome'],
  [
    'ai replace | ai take jobs | future of programming | ai and jobs | ai engineers jobs',
    'ai impact software engineering careers future of work',
  ],
  [
    'engineering metrics | measure team | team metrics | measure engineering',
    'engineering metrics dora metrics space framework developer productivity',
  ],
  [
    'working with legacy team | inherited codebase | new codebase | joined team',
    'onboarding codebase legacy code knowledge transfer',
  ],
  ['say no | prioritize work | what to work on', 'prioritization saying no focus roadmap'],
];
