import type { Genre } from '@blogstream/shared/contract';

/**
 * What kind of post an article is, read from the words engineering blogs use to say so: a
 * postmortem names the outage, a tutorial says "how to", a release says "announcing" and carries
 * a version (docs/decisions/0025-article-genres.md). Rules rather than a trained model: genres are
 * conventions of form, stated in the title far more often than not, and the rules read the same
 * on any blog, where a model trained on a few hundred labelled posts would learn their sources.
 */
interface GenreCues {
  /** A title that matches says the genre outright. */
  strong: RegExp[];
  /** Says it in most titles that match (a version number, "migrating"). */
  moderate?: RegExp[];
  /** Leans that way: decides only with the opening's support. */
  weak?: RegExp[];
  /** Phrases of the description or the article's opening that say the genre. */
  opening: RegExp[];
  /**
   * Whether those phrases say it alone: a post declares itself a release, a tutorial, a postmortem
   * or a migration in its first lines, but "I think" opens tutorials as well as essays, and
   * latency figures open deep dives as well as benchmarks, so there they only back a title cue.
   */
  openingDecides: boolean;
}

const CUES: Record<Genre, GenreCues> = {
  incident: {
    strong: [
      /\bpost-?mortem\b/,
      /\bincident (report|review|analysis|summary)\b/,
      /\boutages?\b/,
      /\bservice (disruption|degradation)\b/,
      /\b(incident|outage|disruption) (on|of) (\w+ \d|\d)/,
      /\bwhat went wrong\b/,
    ],
    weak: [/\bincidents?\b/, /\bdowntime\b/, /\broot cause\b/, /\bwhat happened\b/],
    openingDecides: true,
    opening: [
      /\bwe (experienced|had|suffered) (an? )?(outage|incident|degradation|disruption)/,
      /\b(customers|users) (experienced|saw|were unable)\b/,
      /\bthe root cause\b/,
      /\bthis (post-?mortem|incident report)\b/,
    ],
  },
  roundup: {
    strong: [
      /\bthis (week|month|year|quarter|development-cycle) in\b/,
      /\b(weekly|monthly|quarterly) (roundup|round-up|update|digest|newsletter|recap|report|news|notes)\b/,
      /\b(roundup|round-up|newsletter|recap)\b/,
      /\b(weekly|monthly)\s*([:,]|$)/,
      /\b(progress|status) report\b/,
      /\bissue #?\d+\b/,
      /\b(last|this) week in\b/,
    ],
    openingDecides: true,
    opening: [
      /\b(here'?s|here is) (what|your|our|the latest)\b/,
      /\bthis (week|month)'?s? (roundup|edition|issue|newsletter)\b/,
    ],
  },
  release: {
    strong: [
      /\b(announc(es|ing)|introduc(es|ing))\b/,
      /\b(now|generally) available\b/,
      /\bis (now )?available\b/,
      /^\[ann\]/,
      /\b(is|are) (out|here|live)\b/,
      /\breleased?\b(?! (engineering|management|process|cadence|train))/,
      /\brelease notes\b/,
      /\blaunch(es|ed)?\b/,
      /\bgeneral availability\b/,
      /\bunveil\w*\b/,
      /\bwhat'?s new in\b/,
    ],
    moderate: [
      /\b(joins|appointed|acquires|acquired)\b/,
      /\bv\d+(\.\d+)+\b/,
      /\b\d+\.\d+(\.\d+)?(\s*[:–—-]|\s+(is|are|brings|adds|ships)\b|$)/,
    ],
    weak: [/\b(beta|preview|alpha|rc\d*)\b/],
    openingDecides: true,
    opening: [
      /^(introducing|announcing)\b/,
      /\b(glad|happy|pleased|excited|thrilled|proud|humbled) to (announce|introduce|release|launch|welcome|bring)\b/,
      /\b(is|are) now (available|generally available|live)\b/,
      /\b(today|this week),? we (are )?(announced?|releas\w*|launch\w*|introduc\w*)\b/,
      /\bhas (just )?been released\b/,
    ],
  },
  benchmark: {
    strong: [
      /\bbenchmark\w*\b/,
      /\bperformance (comparison|evaluation|tests?|testing|analysis|results)\b/,
      /\bload[- ]test\w*\b/,
      /\bwe (measured|compared|tested)\b/,
    ],
    // "5x faster" sells a product as often as it reports a measurement.
    weak: [
      /\b\d+(\.\d+)?\s?x (faster|slower|speed-?up|improvement|cheaper|smaller|less|more)\b/,
      /\b\d+(\.\d+)?% (faster|slower|less|fewer|lower|reduction|improvement|cheaper|smaller)\b/,
      /\b(vs\.?|versus)\b/,
      /\bfaster\b/,
      /\blatency\b/,
      /\bthroughput\b/,
    ],
    openingDecides: false,
    opening: [
      /\bwe (benchmarked|measured|compared|ran .{0,30} benchmarks?)\b/,
      /\bbenchmarks? (show|results)\b/,
      /\b(p50|p95|p99|ops\/s|requests per second|qps)\b/,
    ],
  },
  tutorial: {
    strong: [
      /^(.*: )?how to\b/,
      /\bhow to (build|use|create|set up|setup|write|deploy|run|make|add|get started|configure|install|implement|test|debug|integrate|automate)\b/,
      /\btutorial\b/,
      /\bstep[- ]by[- ]step\b/,
      /\bgetting started\b/,
      /\b(a|the|practical|beginner'?s?|complete|quick|ultimate|field|hands-on) guide\b/,
      /\bguide to\b/,
      /\bwalk-?through\b/,
      /\bhands-on\b/,
      /\bcheat ?sheet\b/,
      /\bin \d+ (easy )?(steps|minutes|lines)\b/,
      /\b(introduction|intro) to\b/,
      /\blearn(ing)? (how|to)\b/,
    ],
    openingDecides: true,
    opening: [
      /\bin this (tutorial|guide|walkthrough)\b/,
      /\b(you'?ll|you will|we'?ll|we will) (learn|walk through|build|show you|set up)\b/,
      /\bby the end of this (post|article|tutorial|guide)\b/,
      /\bprerequisites\b/,
      /\blearn how to\b/,
      /^(a |this )?(\w+ )?tutorial\b/,
    ],
  },
  migration: {
    strong: [
      /\bmigrat(e|ed|ing|ion)\b.*\b(from|to|off|onto)\b/,
      /\b(how|why) we (moved|migrated|switched|replaced|rewrote|ported|transitioned)\b/,
      /\bmoving (from|off|away from|to)\b/,
      /\bswitch(ed|ing)? (from|to)\b/,
      /\brewr(ite|ote|iting)\b.*\bin\b/,
      /\bporting\b.*\bto\b/,
      /\bsunsetting\b/,
    ],
    moderate: [/\bmigrat(e|ed|ing|ions?)\b/, /\breplac(ed|ing) \w+ with\b/],
    openingDecides: true,
    opening: [
      /\bwe (migrated|moved|switched|ported) (from|our|off|to)\b/,
      /\b(the|our) migration (from|to|of)\b/,
    ],
  },
  'deep-dive': {
    strong: [
      /\bdeep[- ]dive\b/,
      /\bunder the hood\b/,
      /\binternals\b/,
      /\bbehind the scenes\b/,
      /\binside (the|our|a|an)\b/,
      /^inside\b/,
      /\bhow .{1,50} works\b/,
      /\banatomy of\b/,
      /\barchitecture (of|behind)\b/,
      /\ba (closer )?look (at|inside)\b/,
      /^scaling\b/,
      /\bhow we (built|scaled|designed|implemented|engineered|made)\b/,
      /\b(building|scaling) .{1,40} at scale\b/,
      /\bdemystif\w+\b/,
      /\bexplained\b/,
    ],
    moderate: [/\bhow [\w.-]+ (runs|scales|handles|serves|processes|powers)\b/],
    weak: [/\bat scale\b/, /\barchitecture\b/, /\bdesign(ing)?\b/],
    openingDecides: false,
    opening: [
      /\b(this post|we'?ll|we will|let'?s) (explains?|describes?|dives? into|takes? a (deep|closer) look|look at how)\b/,
      /\bunder the hood\b/,
      /\bin (depth|detail)\b/,
    ],
  },
  opinion: {
    strong: [
      /\bwhy (i|we) (don'?t|do not|stopped|left|quit|chose|love|hate|prefer|no longer)\b/,
      /\bwhy you (should|shouldn'?t|should not|need|don'?t need|might not)\b/,
      /\bin (defen[cs]e|praise) of\b/,
      /\bconsidered harmful\b/,
      /\bthe case (for|against)\b/,
      /\b(is|are) (dead|overrated|underrated|a (lie|myth|trap|mistake))\b/,
      /\bstop (using|writing|doing|building)\b/,
      /\b(unpopular opinion|hot take|my take|my thoughts|thoughts on|reflections? on)\b/,
      /\bopinion(ated)?\b/,
      /\bi (think|believe)\b/,
    ],
    weak: [/\bwhy\b/, /\bshould\b/, /\bmyths?\b/, /\bmanifesto\b/],
    openingDecides: false,
    opening: [
      /\bin my (opinion|view)\b/,
      /\bi (think|believe|argue|'?d argue)\b/,
      /\bunpopular opinion\b/,
    ],
  },
};

/** Ties go to the genre whose words are least often used loosely. */
const PRIORITY: readonly Genre[] = [
  'incident',
  'roundup',
  'release',
  'tutorial',
  'migration',
  'benchmark',
  'deep-dive',
  'opinion',
];

const WEIGHT = { strong: 3, moderate: 2, weak: 1, decidingOpening: 2, backingOpening: 1 } as const;
/**
 * A strong or moderate title says it, and so does a deciding opening (which may be all a post
 * whose title is a product's name has); a weak title cue alone does not.
 */
const MIN_SCORE = 2;
/** The description and the start of the body: where a post says what it is. */
export const OPENING_CHARACTERS = 600;

const matchesAny = (patterns: RegExp[] | undefined, text: string) =>
  patterns?.some((pattern) => pattern.test(text)) ?? false;

function score(cues: GenreCues, title: string, opening: string): number {
  const titleScore = matchesAny(cues.strong, title)
    ? WEIGHT.strong
    : matchesAny(cues.moderate, title)
      ? WEIGHT.moderate
      : matchesAny(cues.weak, title)
        ? WEIGHT.weak
        : 0;
  if (!matchesAny(cues.opening, opening)) return titleScore;
  return titleScore + (cues.openingDecides ? WEIGHT.decidingOpening : WEIGHT.backingOpening);
}

/**
 * The article's genre, or null when nothing says it clearly. `title` is the shown title (an
 * aggregator's "Blog Name: " prefix is harmless: no cue is a blog's name).
 */
export function classifyGenre(title: string, description: string, text = ''): Genre | null {
  const shownTitle = title.toLowerCase().replace(/[’‘]/g, "'");
  const opening = `${description} ${text.slice(0, OPENING_CHARACTERS)}`
    .toLowerCase()
    .replace(/[’‘]/g, "'");
  let best: Genre | null = null;
  let bestScore = MIN_SCORE - 1;
  for (const genre of PRIORITY) {
    const genreScore = score(CUES[genre], shownTitle, opening);
    if (genreScore > bestScore) {
      best = genre;
      bestScore = genreScore;
    }
  }
  return best;
}

/** Bumped whenever the rules change, so stored genres are classified again (genre pass). */
export const GENRE_RULES_VERSION = 1;
