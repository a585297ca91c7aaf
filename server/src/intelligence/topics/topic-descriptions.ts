import type { Topic } from '@blogstream/shared/lib';

/** The "About {topic}" paragraphs of each topic page (/get_topic_description). */
export const TOPIC_DESCRIPTIONS: Record<Topic, string[]> = {
  'Data Science': [
    'Data science turns raw data into decisions: exploratory analysis, statistics, experiment design, forecasting and the models that predict what users will do next.',
    'Engineering teams write about running A/B tests at scale, choosing metrics that do not mislead, and moving notebooks into production without losing rigour.',
  ],
  'AI & Machine Learning': [
    'Machine learning covers the training, evaluation and serving of models, from classic recommendation systems to large language models and agents built on them.',
    'Expect posts on model architecture, fine-tuning, retrieval-augmented generation, inference cost, evaluation and the safety work that goes with putting models in front of people.',
  ],
  'Data Engineering': [
    'Data engineering is the plumbing behind analytics and machine learning: ingestion, batch and stream processing, warehouses, lakes and the orchestration that keeps pipelines on time.',
    'Teams share how they run Kafka, Spark, Flink and their schedulers, model data for many consumers, and keep quality and lineage under control as volumes grow.',
  ],
  'Leadership & Culture': [
    'How engineering organisations work: hiring and interviewing, growing engineers and managers, on-call health, remote teams and the rituals that make a team effective.',
    'These posts are written by people who lead teams, and by engineers reflecting on careers, decision making and the culture they want to build.',
  ],
  'Web Development': [
    'Web development spans everything that makes sites and web applications work: HTML, HTTP, browsers, frameworks, hosting and the standards that tie them together.',
    'Read about new platform features, migrations between frameworks, accessibility, performance budgets and what it takes to ship to every browser.',
  ],
  'Software Engineering': [
    'The craft of building software that lasts: design, architecture, code review, refactoring, technical debt and the practices that let many people change one codebase safely.',
    'Company engineering blogs are at their best here, telling how real systems were built, what went wrong and what they would do differently.',
  ],
  Infrastructure: [
    'Infrastructure is what runs underneath applications: data centres, networks, operating systems, load balancers, DNS and the fleets of machines that serve traffic.',
    'Posts cover capacity planning, kernel and network tuning, incident write-ups and the engineering of systems that must not go down.',
  ],
  Security: [
    'Security engineering keeps systems and their users safe: authentication, cryptography, vulnerability research, secure defaults, supply chains and incident response.',
    'Security teams and researchers explain attacks they found or stopped, how they harden platforms, and how they make the safe path the easy one for developers.',
  ],
  'Product Management': [
    'Product management decides what gets built and why: discovery, user research, roadmaps, pricing and measuring whether a launch did what it promised.',
    'These posts come from product people and engineers working closely with them on turning problems customers have into products that solve them.',
  ],
  UX: [
    'User experience is how a product feels to use: interaction and visual design, design systems, usability research, accessibility and writing for interfaces.',
    'Designers and front-end engineers share how they build consistent, inclusive interfaces and test them with the people who use them.',
  ],
  Databases: [
    'Databases store and retrieve the data everything else depends on: relational engines, key-value stores, document and time-series databases, and search indexes.',
    'Expect deep dives into query planning, indexing, replication, storage engines and migrations, written by the people who build and operate them.',
  ],
  'Distributed Systems': [
    'Distributed systems coordinate many machines into one service: consensus, replication, partitioning, consistency models and what happens when networks fail.',
    'Posts range from the theory of Raft and Paxos to the practice of running microservices, queues and globally replicated data.',
  ],
  DevOps: [
    'DevOps brings building and running software together: continuous integration and delivery, containers, Kubernetes, infrastructure as code and release engineering.',
    'Teams describe their pipelines, deployment strategies and the tooling that lets them ship many times a day with confidence.',
  ],
  'Programming Languages': [
    'Programming languages and their implementations: type systems, compilers, interpreters, runtimes, garbage collectors and the design choices behind new language features.',
    'Language teams and enthusiasts write about Rust, Go, OCaml, Python, JavaScript and many more, from release notes to the theory behind them.',
  ],
  Mobile: [
    'Mobile engineering builds apps for iOS and Android: native and cross-platform frameworks, app architecture, offline behaviour, battery and startup time.',
    'Read how teams modularise large apps, ship releases safely through app stores and keep apps fast on every device.',
  ],
  Frontend: [
    'Frontend engineering builds the part of the product people see and touch: JavaScript and TypeScript, CSS, component frameworks and the browser platform.',
    'Posts cover state management, rendering strategies, design systems in code, bundle size and making interfaces fast and accessible.',
  ],
  Backend: [
    'Backend engineering builds the services behind products: APIs, business logic, data access, queues and the contracts between services.',
    'Teams write about API design, scaling services, background jobs, and keeping many services reliable and understandable.',
  ],
  Cloud: [
    'Cloud computing runs software on rented, programmable infrastructure: AWS, Google Cloud, Azure, serverless platforms and managed services.',
    'Expect migration stories, cost control, multi-region architectures and the trade-offs between building and buying.',
  ],
  Observability: [
    'Observability is knowing what a running system is doing: metrics, logs, traces, profiles, alerting and service level objectives.',
    'Posts explain how teams instrument their systems, debug production incidents and decide which signals deserve a page at night.',
  ],
  Performance: [
    'Performance engineering makes software faster and cheaper to run: profiling, benchmarking, latency, throughput, memory and efficient use of hardware.',
    'Read careful investigations of slow paths, from CPU caches and allocators to web page load times and database queries.',
  ],
  Testing: [
    'Testing gives confidence that software works: unit, integration and end-to-end tests, property-based testing, fuzzing and formal verification.',
    'Teams share how they keep large test suites fast and trustworthy, hunt flaky tests and test what matters most.',
  ],
  'Open Source': [
    'Open source is software built in the open by communities and companies: projects, releases, governance, licensing and the people who maintain them.',
    'Maintainers and contributors write about new releases, sustaining projects, working with contributors and the health of the ecosystems we all depend on.',
  ],
};
