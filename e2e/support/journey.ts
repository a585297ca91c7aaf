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

/** What a describe block's journeys run on; `page` is a new one for each test. */
export interface Journey {
  site: RunningSite;
  browser: Browser;
  page: Page;
}

/**
 * Registers the hooks of a block of journeys over the seeded site: the site and a browser for the
 * block (and the reader `signUp` names, signed up on a page of its own), and for each test a new
 * page kept offline, closed after it and checked for logged problems. Read the fields inside hooks
 * and tests (they are set when those run).
 */
export function seededJourneys(
  viewport: ViewportSize,
  {
    env = {},
    pageOptions = {},
    signUp,
  }: {
    /** Settings of the site beyond the seeded ones. */
    env?: Record<string, string>;
    pageOptions?: BrowserContextOptions;
    /** A reader the block's journeys sign in as, and the first topics they choose. */
    signUp?: { reader: Reader; topics?: string[] };
  } = {},
): Journey {
  const journey = {} as Journey;
  let checked: CheckedPage | undefined;

  beforeAll(async () => {
    journey.site = await startSeededSite(env);
    journey.browser = await launchBrowser();
  }, SEEDING_TIMEOUT_MS);

  if (signUp) {
    beforeAll(async () => {
      const setup = await journey.browser.newPage({ viewport, ...pageOptions });
      await keepOffline(setup);
      await signUpReader(setup, journey.site.url, signUp.reader, signUp.topics);
      await setup.close();
    }, SEEDING_TIMEOUT_MS);
  }

  afterAll(async () => {
    await journey.browser?.close();
    await journey.site?.stop();
  });

  beforeEach(async () => {
    checked = await openCheckedPage(journey.browser, { viewport, ...pageOptions });
    journey.page = checked.page;
  });

  afterEach(async () => {
    await closeCheckedPage(checked);
  });

  return journey;
}
