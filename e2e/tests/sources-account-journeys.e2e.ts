import { visitPage } from '../support/browser.js';
import {
  closeDrawer,
  loginDialog,
  openDrawer,
  readerFor,
  signIn,
  solveCaptcha,
  widths,
} from '../support/reader.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { screenshot } from '../support/screenshots.js';
import { crawlFreshPosts } from '../support/seed.js';

/**
 * mfe-static, mfe-sources and mfe-account over the crawled corpus (spec §2): the landing page,
 * topic chips and source feeds for visitors; follows, the unseen-subscriptions dot, tabs,
 * settings and the premium RSS page for readers; blog submission reaching the operator.
 * (Password reset from the e-mailed link is walked in reader-journey.e2e.ts.)
 */

const JOURNEY_TIMEOUT_MS = 120_000;

const seeded = seededSite();

describe.each(widths)(
  'sources, account and static journeys at $name width',
  ({ name: width, viewport }) => {
    const reader = readerFor('subscriber', width, 'Barbara');
    const journey = seededJourneys(seeded, viewport, {
      signUp: { reader, topics: ['AI & Machine Learning', 'Security'] },
    });
    const shot = (step: string) => screenshot(journey.page, `sources-${width}-${step}`);

    it(
      'a visitor reads the landing page, opens a topic chip and a source feed, and is asked to sign in to subscribe',
      async () => {
        const { page, site } = journey;
        await visitPage(page, site.url);
        await page
          .getByRole('heading', { name: 'The best engineering blogs, in one place', level: 1 })
          .waitFor();
        const features = page.getByRole('region', { name: 'Features' });
        for (const feature of ['AI Summaries', 'Semantic Search', 'Weekly Digest', 'Collections']) {
          await features.getByRole('heading', { name: feature }).waitFor();
        }
        const topics = page.getByRole('region', { name: 'Explore topics' });
        expect(await topics.getByRole('link').allInnerTexts()).toEqual([
          'Data Science',
          'AI & Machine Learning',
          'Data Engineering',
          'Leadership & Culture',
          'Web Development',
          'Software Engineering',
          'Infrastructure',
          'Security',
          'Product Management',
          'UX',
        ]);
        // The live demo cards come from the crawled corpus.
        await page.getByRole('article').first().waitFor();
        await page.waitForLoadState('networkidle');
        await shot('01-landing');

        await page.getByRole('button', { name: 'How it works' }).click();
        await page.waitForFunction(() => window.scrollY > 0);

        await topics.getByRole('link', { name: 'AI & Machine Learning' }).click();
        await page.waitForURL(
          (url) => decodeURIComponent(url.pathname) === '/topic/AI & Machine Learning',
        );
        await page.getByRole('heading', { name: 'Topics / AI & Machine Learning' }).waitFor();
        await page.getByRole('article').first().waitFor();
        const toFollow = page.getByRole('region', {
          name: 'AI & Machine Learning blogs to follow',
        });
        await toFollow.getByRole('link', { name: 'Anthropic Research' }).click();

        await page.waitForURL((url) => url.pathname === '/source-feed/source/anthropic-research');
        await page.getByRole('heading', { name: /Blog Posts by\s*Anthropic Research/ }).waitFor();
        await page.getByRole('article').first().waitFor();
        await page.getByRole('heading', { name: 'Related engineering blogs' }).waitFor();
        await shot('02-source-feed');
        await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
        await loginDialog(page).waitFor();
        await loginDialog(page).getByRole('button', { name: 'Sign in with email' }).waitFor();
      },
      JOURNEY_TIMEOUT_MS,
    );

    it(
      'a reader follows two blogs, sees the red dot when they publish, and it clears on Subscriptions',
      async () => {
        const { page, site } = journey;
        await signIn(page, site.url, reader);
        for (const [urlName, longName] of [
          ['signals-and-threads', 'Signals and Threads'],
          ['cursor-blog', 'Cursor Blog'],
        ] as const) {
          await page.goto(`${site.url}/source-feed/source/${urlName}`);
          await page
            .getByRole('heading', { name: new RegExp(`Posts by\\s*${longName}`) })
            .waitFor();
          await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
          await page.getByRole('button', { name: 'Subscribed' }).waitFor();
        }

        // Both blogs publish; the crawler (here the operator's crawl) stores the new posts.
        const crawl = await crawlFreshPosts(site, {
          'signals-and-threads': {
            title: `Compilers at the speed of thought (${width})`,
            link: `https://signalsandthreads.com/compilers-${width}/`,
            description: 'A new episode about compilers.',
          },
          'cursor-blog': {
            title: `Agents that review code (${width})`,
            link: `https://cursor.com/blog/agents-review-${width}`,
            description: 'How agents review pull requests.',
          },
        });
        expect(crawl).toMatch(/\b2 new articles\b/);

        await visitPage(page, site.url);
        const drawer = await openDrawer(page, width);
        const dot = drawer.getByTestId('unseen-subscriptions-dot');
        await dot.waitFor();
        expect(await dot.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
          'rgb(211, 47, 47)',
        );
        await shot('03-unseen-dot');

        await drawer.getByRole('link', { name: 'Subscriptions' }).click();
        await page.waitForURL((url) => url.pathname === '/subscriptions/articles');
        await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
        expect(
          await page.getByRole('tab', { name: 'Articles' }).getAttribute('aria-selected'),
        ).toBe('true');
        const newest = await page.getByRole('article').locator('h3').first().innerText();
        expect([
          `Compilers at the speed of thought (${width})`,
          `Agents that review code (${width})`,
        ]).toContain(newest);
        await (
          await openDrawer(page, width)
        )
          .getByTestId('unseen-subscriptions-dot')
          .waitFor({ state: 'detached' });
        await closeDrawer(page, width);
        await shot('04-subscriptions-articles');

        await page.getByRole('tab', { name: 'Sources' }).click();
        await page.waitForURL((url) => url.pathname === '/subscriptions/sources');
        const subscribed = page.getByRole('region', { name: 'Subscribed' });
        await subscribed.getByRole('link', { name: 'Signals and Threads' }).waitFor();
        await subscribed.getByRole('link', { name: 'Cursor Blog' }).waitFor();
        await shot('05-subscriptions-sources');
        await page.getByRole('tab', { name: 'Articles' }).click();
        await page.waitForURL((url) => url.pathname === '/subscriptions/articles');

        // Seen stays seen: a fresh load shows no dot.
        await page.reload();
        await (await openDrawer(page, width)).getByRole('link', { name: 'Bookmarks' }).waitFor();
        expect(await page.getByTestId('unseen-subscriptions-dot').count()).toBe(0);
      },
      JOURNEY_TIMEOUT_MS,
    );

    it(
      "a reader changes the digest frequency in Settings: 'Settings saved.'",
      async () => {
        const { page, site } = journey;
        await signIn(page, site.url, reader);
        await page.goto(`${site.url}/settings`);
        const frequency = page.getByRole('combobox', { name: 'Digest mail frequency' });
        await frequency.waitFor();
        const before = await frequency.innerText();
        const next = before.includes('Weekly') ? 'Off' : 'Weekly';
        await frequency.click();
        await page.getByRole('option', { name: next }).click();
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.getByText('Settings saved.', { exact: true }).waitFor();
        await shot('06-settings-saved');

        await page.reload();
        await page.getByRole('combobox', { name: 'Digest mail frequency' }).waitFor();
        expect(
          await page.getByRole('combobox', { name: 'Digest mail frequency' }).innerText(),
        ).toContain(next);
      },
      JOURNEY_TIMEOUT_MS,
    );

    it(
      'a premium reader copies an RSS URL from /rss, and that URL serves valid RSS',
      async () => {
        const { page, site } = journey;
        expect(await site.admin(['set-account-type', reader.email, 'premium'])).toContain(
          'is now a premium account',
        );
        await page
          .context()
          .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
        await signIn(page, site.url, reader);
        if (width === 'desktop') {
          await page.getByRole('link', { name: 'RSS', exact: true }).click();
        } else {
          expect(await page.getByRole('link', { name: 'RSS', exact: true }).count()).toBe(0);
          await page.goto(`${site.url}/rss`);
        }
        await page.getByRole('heading', { name: 'RSS Feeds' }).waitFor();
        await page.getByText('Subscribe to RSS feeds for your topics').waitFor();
        const feeds = page.getByRole('list', { name: 'RSS feeds' });
        await feeds.getByRole('listitem').first().waitFor();
        await shot('07-rss');

        const copy = feeds.getByRole('button', { name: 'Copy Security feed URL' });
        await copy.click();
        await page.getByText('RSS URL copied to clipboard!', { exact: true }).waitFor();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(copied.startsWith(`${site.url}/rss/`)).toBe(true);

        const response = await fetch(copied);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/xml/);
        const xml = await response.text();
        const parsed = await page.evaluate((text) => {
          const document = new DOMParser().parseFromString(text, 'application/xml');
          const items = Array.from(document.querySelectorAll('rss > channel > item'));
          return {
            parseError: document.querySelector('parsererror')?.textContent ?? null,
            version: document.documentElement.getAttribute('version'),
            root: document.documentElement.nodeName,
            channelTitle: document.querySelector('rss > channel > title')?.textContent ?? '',
            items: items.length,
            complete: items.every(
              (item) =>
                item.querySelector('title')?.textContent &&
                /^https?:\/\//.test(item.querySelector('link')?.textContent ?? ''),
            ),
          };
        }, xml);
        expect(parsed).toMatchObject({
          parseError: null,
          root: 'rss',
          version: '2.0',
          complete: true,
        });
        expect(parsed.channelTitle).toMatch(/Security/);
        expect(parsed.items).toBeGreaterThan(0);
      },
      JOURNEY_TIMEOUT_MS,
    );

    it(
      'a visitor submits a blog with a solved captcha, and the operator sees it waiting for review',
      async () => {
        const { page, site } = journey;
        await page.goto(`${site.url}/about/about`);
        await page.getByRole('link', { name: 'Submit blog' }).click();
        await page.getByRole('heading', { name: 'Submit blog' }).waitFor();
        await page.getByText(/reviewed manually/).waitFor();
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByText('Blog name is required').waitFor();
        const blog = {
          name: `Lovelace Notes ${width}`,
          url: `https://notes-${width}.example.org/`,
        };
        await page.getByLabel('Blog Name').fill(blog.name);
        await page.getByLabel('Blog URL').fill(blog.url);
        await page.getByLabel('Your email').fill(`submitter-${width}@example.com`);
        await solveCaptcha(page);
        await shot('08-submit-blog');
        await page.getByLabel('Your email').press('Enter');
        await page.getByText('Thank you for your submission!').waitFor();

        const listed = await site.admin(['submissions']);
        const line = listed.split('\n').find((text) => text.includes(blog.name));
        expect(line).toContain('pending');
        expect(line).toContain(blog.url);
        expect(line).toContain(`submitter-${width}@example.com`);
      },
      JOURNEY_TIMEOUT_MS,
    );
  },
);
