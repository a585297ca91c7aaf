import type { Browser, BrowserContextOptions, Page, ViewportSize } from 'playwright-core';
import {
  closeCheckedPage,
  keepOffline,
  launchBrowser,
  openCheckedPage,
  type CheckedPage,
} from './browser.js';
import { signUpReader, type Reader } from './reader.js';
import { SEEDING_TIMEOUT_MS, startSeededSite } from './seed.js';
import type { RunningSite } from './site.js';

/** A seeded site and a browser, started once for the journeys of the scope that asked for them. */
export interface SeededSite {
  site: RunningSite;
  browser: Browser;
}

/** What a describe block's journeys run on; `page` is a new one for each test. */
export interface Journey extends SeededSite {
  page: Page;
}

/**
 * Registers hooks that start a seeded site and a browser before the journeys of the scope it is
 * called in, and stop them after those. Called at a file's top level, both widths' blocks share
 * them: a block's journeys then keep to a reader of their own (an e-mail with the width in it).
 * Called inside a block, the block gets a site of its own. Read the fields inside hooks and tests.
 */
export function seededSite(env: Record<string, string> = {}): SeededSite {
  const seeded = {} as SeededSite;

  beforeAll(async () => {
    seeded.site = await startSeededSite(env);
    seeded.browser = await launchBrowser();
  }, SEEDING_TIMEOUT_MS);

  afterAll(async () => {
    await seeded.browser?.close();
    await seeded.site?.stop();
  });

  return seeded;
}

/**
 * Registers the hooks of a block of journeys over `seeded` (seededSite) at one width: the reader
 * `signUp` names, signed up on a page of its own before the block's journeys, and for each test a
 * new page kept offline, closed after it and checked for logged problems. Read the fields inside
 * hooks and tests (they are set when those run).
 */
export function seededJourneys(
  seeded: SeededSite,
  viewport: ViewportSize,
  {
    pageOptions = {},
    signUp,
  }: {
    pageOptions?: BrowserContextOptions;
    /** A reader the block's journeys sign in as, and the first topics they choose. */
    signUp?: { reader: Reader; topics?: string[] };
  } = {},
): Journey {
  const journey = {} as Journey;
  let checked: CheckedPage | undefined;

  beforeAll(async () => {
    journey.site = seeded.site;
    journey.browser = seeded.browser;
    if (!signUp) return;
    const setup = await journey.browser.newPage({ viewport, ...pageOptions });
    await keepOffline(setup);
    await signUpReader(setup, journey.site.url, signUp.reader, signUp.topics);
    await setup.close();
  }, SEEDING_TIMEOUT_MS);

  beforeEach(async () => {
    checked = await openCheckedPage(journey.browser, { viewport, ...pageOptions });
    journey.page = checked.page;
  });

  afterEach(async () => {
    await closeCheckedPage(checked);
  });

  return journey;
}
