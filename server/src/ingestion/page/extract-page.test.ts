import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { extractArticlePage, type ArticlePage } from './extract-page.js';

const now = new Date('2025-01-01T00:00:00Z');

/** What a fixture page says, but its blocks (checked on their own, below). */
function extractFixture(name: string, pageUrl: string): Omit<ArticlePage, 'blocks'> {
  const html = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
  const { blocks, ...page } = extractArticlePage(html, pageUrl, now);
  expect(blocks.length > 0).toBe(page.mainText !== '');
  return page;
}

const page = (head: string, body = '') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

const PROSE =
  'This paragraph is long enough to be read as the opening of an article, and it has the ' +
  'punctuation, the small words and the plain sentences that prose has.';

test("a page's readable text keeps its structure as blocks: headings, the figure's picture where it stands, list items", () => {
  const html = readFileSync(new URL('./fixtures/engineering-blog.html', import.meta.url), 'utf8');
  const { blocks } = extractArticlePage(
    html,
    'https://engineering.acme.example/blog/postgres-failover',
    now,
  );

  expect(blocks.map((block) => block.kind)).toEqual([
    'paragraph',
    'paragraph',
    'heading',
    'paragraph',
    'image',
    'paragraph',
    'paragraph',
    'heading',
    'list_item',
    'list_item',
    'paragraph',
  ]);
  expect(blocks[2]).toEqual({ kind: 'heading', level: 2, text: 'Where the time went' });
  expect(blocks[4]).toEqual({
    kind: 'image',
    src: 'https://engineering.acme.example/static/posts/failover-timeline.png',
    alt: 'Timeline of a failover',
  });
  expect(blocks[8]).toEqual({
    kind: 'list_item',
    text: 'Heartbeats every second, with promotion after two misses.',
  });
});

describe('fixtures', () => {
  test('a company blog: the article alone, without navigation, sidebar, newsletter or footer; og:title without the site name', () => {
    expect(
      extractFixture(
        'engineering-blog.html',
        'https://engineering.acme.example/blog/postgres-failover',
      ),
    ).toEqual({
      publishedAt: new Date('2024-03-14T16:05:00Z'),
      imageUrl: 'https://engineering.acme.example/static/covers/postgres-failover@2x.png',
      title: 'How we cut Postgres failover to four seconds',
      mainText: [
        'Two years ago a primary database failover at Acme took around ninety seconds, and every one of those seconds showed up as failed checkout requests for our customers. This post explains how we brought that number down to four seconds without buying new hardware.',
        'The short version: we stopped waiting for timeouts. Most of the ninety seconds went into layers of health checks that each waited for the one below them to give up before acting.',
        'Where the time went',
        'We traced a dozen failovers in staging and wrote down every pause. Connection pools held broken connections for thirty seconds, the proxy retried for another twenty, and the orchestrator only promoted a replica after three missed heartbeats spaced ten seconds apart.',
        'Each bar is one layer waiting on the next.',
        'Once the pauses were on one chart, the fix was obvious: let the layer that knows first tell the others, instead of having each of them find out on its own.',
        'What we changed',
        '- Heartbeats every second, with promotion after two misses.',
        '- Pools that drop a connection as soon as the proxy reports the primary gone.',
        'We have run this setup in production for eight months now, through forty-one planned and three unplanned failovers, and the slowest of them took 4.2 seconds from the first failed query to the first successful one.',
      ].join('\n'),
      excerpt:
        'Two years ago a primary database failover at Acme took around ninety seconds, and every one of those seconds showed up as failed checkout requests for our customers. This post explains how we brought that number down to four seconds without buying new hardware.',
    });
  });

  test('a personal blog: the published <time> over an earlier updated one, the first real image past the avatar, <title> kept whole without og:site_name', () => {
    expect(
      extractFixture('personal-blog.html', 'https://jane.example/2023/10/small-tools/'),
    ).toEqual({
      publishedAt: new Date('2023-10-08T20:40:00Z'),
      imageUrl: 'https://jane.example/images/2023/tools-desk.jpg',
      title: 'On writing small tools – Jane’s notes',
      mainText: [
        'I keep a folder of tiny programs that each do one thing: rename photos by date, turn a CSV into a Markdown table, count words in my drafts. None of them is longer than a page.',
        'The desk where most of these were written, on a rainy Sunday.',
        'Small tools are cheap to throw away, and that is exactly why I write them. When a task changes I do not refactor the tool, I write a new one in ten minutes.',
        'The one rule I follow is that every tool prints what it is about to do and waits for me to say yes. That habit has saved my photo library more than once, and it costs one line of code.',
      ].join('\n'),
      excerpt:
        'I keep a folder of tiny programs that each do one thing: rename photos by date, turn a CSV into a Markdown table, count words in my drafts. None of them is longer than a page.',
    });
  });

  test('a Medium-like page: date and image from the BlogPosting in the JSON-LD @graph, not the WebPage or the author', () => {
    expect(
      extractFixture(
        'medium-like.html',
        'https://medium.com/@samlee/why-our-kafka-consumers-fell-behind-4f1c2e9d0a7b',
      ),
    ).toEqual({
      publishedAt: new Date('2024-01-22T18:31:09.512Z'),
      imageUrl: 'https://miro.medium.com/v2/resize:fit:1200/1*Kq3vYt8cO9LrN2bPzHc0kA.png',
      title: 'Why our Kafka consumers fell behind',
      mainText: [
        '6 min read · Jan 22, 2024',
        'For three weeks our order pipeline ran minutes behind every afternoon, and the consumer lag dashboard insisted everything was fine. Total lag across the topic stayed under a thousand messages the whole time.',
        'Lag per partition on a bad afternoon.',
        'The total hid the problem. Two partitions out of forty-eight held almost all of the lag, because our producer keyed messages by merchant and two merchants send half of our orders.',
        'What we measure now',
        'We alert on the oldest unprocessed message per partition instead of the sum of offsets. It is one query against the broker, and it turns red within a minute of a hot partition forming.',
      ].join('\n'),
      excerpt:
        'For three weeks our order pipeline ran minutes behind every afternoon, and the consumer lag dashboard insisted everything was fine. Total lag across the topic stayed under a thousand messages the whole time.',
    });
  });

  test('a Ghost page: article:published_time with its offset, og:image over twitter:image, the excerpt past the table of contents', () => {
    expect(
      extractFixture('ghost-like.html', 'https://blog.ternlabs.example/observability-on-a-budget/'),
    ).toEqual({
      publishedAt: new Date('2024-02-27T08:15:00Z'),
      imageUrl:
        'https://blog.ternlabs.example/content/images/size/w1200/2024/02/dashboard-cover.jpg',
      title: 'Observability on a budget',
      mainText: [
        'Table of contents',
        '- Metrics for almost nothing',
        '- Logs you can afford to keep',
        'When you are five people, a monitoring bill that grows with your traffic is a tax on success. We wanted to know about problems before our customers did, without paying more for observability than for the servers being observed.',
        'Metrics for almost nothing',
        'We run Prometheus on the smallest instance our cloud sells, with thirty days of retention and recording rules for the six numbers we actually look at. It has used under two gigabytes of disk in a year.',
        'Logs you can afford to keep',
        'Logs go to object storage as compressed JSON, one file per service per hour. Searching them is slower than a hosted product, but we search logs a few times a month, and the storage costs us about three euros.',
      ].join('\n'),
      excerpt:
        'When you are five people, a monitoring bill that grows with your traffic is a tax on success. We wanted to know about problems before our customers did, without paying more for observability than for the servers being observed.',
    });
  });

  test('a WordPress page: the image a Yoast Article names by @id, the excerpt past the "Posted on" line', () => {
    expect(
      extractFixture(
        'wordpress-like.html',
        'https://bytesizedops.example/2023/12/profiling-slow-checkout/',
      ),
    ).toEqual({
      publishedAt: new Date('2023-12-05T14:22:31Z'),
      imageUrl: 'https://bytesizedops.example/wp-content/uploads/2023/12/flamegraph.png',
      title: 'Profiling a slow WooCommerce checkout',
      mainText: [
        'Skip to content',
        'Posted on December 6, 2023December 5, 2023 by Priya Raman, in Performance.',
        'Our client’s checkout page took eleven seconds to load on a good day . The server was not busy, the database was not busy, and yet every request spent most of its life waiting.',
        'We turned on a sampling profiler for one hour of real traffic. The flame graph had one wide tower: a shipping plugin that asked the database for the same zone table once for every item in the cart, four hundred times for a large order.',
        'The shipping plugin’s tower in the flame graph.',
        'Caching the zone table for the length of a request brought the page down to nine hundred milliseconds. The plugin’s authors merged our patch a week later.',
      ].join('\n'),
      excerpt:
        'Our client’s checkout page took eleven seconds to load on a good day . The server was not busy, the database was not busy, and yet every request spent most of its life waiting.',
    });
  });

  test('a page whose only date is a <time> outside any <article> or <main>: found in the readable content', () => {
    expect(extractFixture('time-only.html', 'https://tomasz.dev/2022/07/19/lifetimes/')).toEqual({
      publishedAt: new Date('2022-07-19T06:00:00Z'),
      imageUrl: null,
      title: 'Notes on Rust lifetimes',
      mainText: [
        '19 Jul 2022',
        'Lifetimes confused me for months, mostly because I thought they were something the program does at run time. They are not: a lifetime is a name the compiler gives to a region of code in which a reference must stay valid.',
        "Once I started reading every 'a as “for as long as this borrow lasts”, the error messages began to make sense. The compiler was never asking me to manage memory, only to explain which borrow outlives which.",
        'The two rules I wish someone had told me on day one: a function that returns a reference must say which argument it borrows from, and a struct that holds a reference can never outlive the thing it points to.',
      ].join('\n'),
      excerpt:
        'Lifetimes confused me for months, mostly because I thought they were something the program does at run time. They are not: a lifetime is a name the compiler gives to a region of code in which a reference must stay valid.',
    });
  });

  test('tracking pixels, a data: URI and an avatar before the real image; a sailthru.date with a named zone', () => {
    expect(
      extractFixture('tracking-pixel.html', 'https://postbox.example/2024/06/own-mail-server'),
    ).toEqual({
      publishedAt: new Date('2024-06-03T13:00:00Z'),
      imageUrl: 'https://postbox.example/images/2024/06/mail-queue.jpg',
      title: 'Five years of running our own mail server',
      mainText: [
        'In 2019 we moved our newsletter off a hosted provider and onto a single virtual machine that we run ourselves. People told us deliverability would collapse within a month. It did not, but it took work to keep it that way.',
        'The biggest cost is not money but attention: somebody has to read the bounce reports every week, renew the reputation we earn with each large provider, and notice when a blocklist has added our address for no clear reason.',
        'Would we do it again? Yes, for a list of our size. Past a few hundred thousand subscribers we would hand it back to a provider and spend our weekends on something else.',
      ].join('\n'),
      excerpt:
        'In 2019 we moved our newsletter off a hosted provider and onto a single virtual machine that we run ourselves. People told us deliverability would collapse within a month. It did not, but it took work to keep it that way.',
    });
  });

  test('a relative og:image resolved against a relative <base href>; the <title> without " | Site"', () => {
    expect(extractFixture('relative-og-image.html', 'https://notes.example.net/p/1234')).toEqual({
      publishedAt: new Date('2024-04-18T07:30:00Z'),
      imageUrl: 'https://notes.example.net/notes/2024/media/wal-cover.jpg',
      title: 'Reading the WAL',
      mainText: [
        'PostgreSQL writes every change to its write-ahead log before it touches the data files. If you have ever wondered what is actually in there, pg_waldump will print it record by record, and it is less cryptic than you might fear.',
        'Each record names the resource manager that wrote it, the transaction, and the block it changed. Watching them scroll by while you run an UPDATE is the quickest way to understand why a single-row update can write more than one page.',
      ].join('\n'),
      excerpt:
        'PostgreSQL writes every change to its write-ahead log before it touches the data files. If you have ever wondered what is actually in there, pg_waldump will print it record by record, and it is less cryptic than you might fear.',
    });
  });

  test('a page with no date and no picture (only a logo, an SVG icon and a data: URI): both null', () => {
    expect(
      extractFixture('no-date-no-image.html', 'https://docs.tern.example/config/retries'),
    ).toEqual({
      publishedAt: null,
      imageUrl: null,
      title: 'Configuring retries',
      mainText: [
        'Note: retries apply to idempotent requests only.',
        'By default the client retries a failed request three times, waiting a little longer before each attempt. Only errors that are likely to go away on their own are retried: timeouts, dropped connections and answers with status 502, 503 or 504.',
        'Set retries.max to change the number of attempts, or to zero to turn retries off. The delay starts at retries.baseDelay and doubles each time, with some random jitter so that many clients do not retry at the same moment.',
        'Edit this page',
      ].join('\n'),
      excerpt:
        'By default the client retries a failed request three times, waiting a little longer before each attempt. Only errors that are likely to go away on their own are retried: timeouts, dropped connections and answers with status 502, 503 or 504.',
    });
  });
});

describe('publishedAt', () => {
  const article = (time: string) => `<article><h1>Title</h1><p>${PROSE}</p>${time}</article>`;

  test('meta elements come before JSON-LD, and JSON-LD before <time>', () => {
    const jsonLd =
      '<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-02-02T00:00:00Z"}</script>';
    const time = '<time datetime="2024-03-03T00:00:00Z">3 March</time>';
    const meta = '<meta name="DC.date.issued" content="2024-01-01">';
    const read = (head: string) =>
      extractArticlePage(page(head, article(time)), 'https://x.example/a', now).publishedAt;
    expect(read(meta + jsonLd)).toEqual(new Date('2024-01-01T00:00:00Z'));
    expect(read(jsonLd)).toEqual(new Date('2024-02-02T00:00:00Z'));
    expect(read('')).toEqual(new Date('2024-03-03T00:00:00Z'));
  });

  test('an unreadable date falls through to the next source', () => {
    const html = page(
      '<meta property="article:published_time" content="{{ post.date }}">' +
        '<meta itemprop="datePublished" content="2024-05-06T10:00:00+02:00">',
    );
    expect(extractArticlePage(html, 'https://x.example/a', now).publishedAt).toEqual(
      new Date('2024-05-06T08:00:00Z'),
    );
  });

  test('a date within 48 hours after now is now; further ahead, or before 1991, it is null', () => {
    const read = (date: string) =>
      extractArticlePage(
        page(`<meta property="article:published_time" content="${date}">`),
        'https://x.example/a',
        now,
      ).publishedAt;
    expect(read('2025-01-02T00:00:00Z')).toEqual(now);
    expect(read('2025-01-04T00:00:00Z')).toBeNull();
    expect(read('1970-01-01T00:00:00Z')).toBeNull();
  });
});

describe('imageUrl', () => {
  test('a declared image that is not http(s) gives way to the next one', () => {
    const html = page(
      '<meta property="og:image" content="javascript:alert(1)">' +
        '<meta property="og:image" content="data:image/png;base64,AAAA">' +
        '<link rel="image_src" href="/cover.png">',
    );
    expect(extractArticlePage(html, 'https://x.example/posts/a', now).imageUrl).toBe(
      'https://x.example/cover.png',
    );
  });
});

describe('title', () => {
  test('a site-name suffix is removed only when it is the site name, and never leaves nothing', () => {
    const title = (head: string) => extractArticlePage(page(head), 'https://x.example/', now).title;
    const site = '<meta property="og:site_name" content="Site">';
    expect(title(`${site}<title>Post — Site</title>`)).toBe('Post');
    expect(title(`${site}<title>Post | Other</title>`)).toBe('Post | Other');
    expect(title(`${site}<title>Site</title>`)).toBe('Site');
    expect(title('')).toBeNull();
  });
});

describe('mainText and excerpt', () => {
  test('the meta description is the excerpt when the page has no prose of its own, if it is prose', () => {
    const read = (description: string) =>
      extractArticlePage(
        page(`<meta name="description" content="${description}">`, '<p>Home</p>'),
        'https://x.example/',
        now,
      ).excerpt;
    expect(read(PROSE)).toBe(PROSE);
    expect(read('Home | Blog | About')).toBeNull();
  });

  test('a short first paragraph is joined with the next to reach 80 characters', () => {
    const opening = 'We moved, and it went better than we had feared it would.';
    const { excerpt } = extractArticlePage(
      page('', `<article><h1>Moving</h1><p>${opening}</p><p>${PROSE}</p><p>${PROSE}</p></article>`),
      'https://x.example/a',
      now,
    );
    expect(excerpt).toBe(`${opening} ${PROSE}`);
  });

  test('an image caption that reads like prose is not the excerpt', () => {
    const caption = 'The new dashboard, showing the latency of every region over the last week.';
    const { excerpt } = extractArticlePage(
      page(
        '',
        `<article><figure><img src="/a.png"><figcaption>${caption}</figcaption></figure><p>${PROSE}</p></article>`,
      ),
      'https://x.example/a',
      now,
    );
    expect(excerpt).toBe(PROSE);
  });

  test('main text has no control characters and is cut to 20,000 characters', () => {
    const paragraphs = Array.from({ length: 200 }, () => `<p>${PROSE}\u0007\u200b</p>`).join('');
    const { mainText } = extractArticlePage(
      page('', `<article>${paragraphs}</article>`),
      'https://x.example/a',
      now,
    );
    expect(mainText.length).toBeLessThanOrEqual(20_000);
    expect(mainText.length).toBeGreaterThan(19_000);
    expect(mainText.endsWith('…')).toBe(true);
    expect(mainText.split('\n')[0]).toBe(PROSE);
  });
});

describe('robustness', () => {
  const EMPTY = {
    publishedAt: null,
    imageUrl: null,
    title: null,
    mainText: '',
    blocks: [],
    excerpt: null,
  };

  test('never throws, whatever the input', () => {
    for (const input of ['', '\u0000', '<html>', '</html><html>', '<!doctype html>']) {
      expect(extractArticlePage(input, 'not a url', now)).toEqual(EMPTY);
    }
    expect(extractArticlePage('<<<>>>', 'not a url', now)).toEqual({
      ...EMPTY,
      mainText: '<<<>>>',
      blocks: [{ kind: 'paragraph', text: '<<<>>>' }],
    });
    expect(extractArticlePage(undefined as unknown as string, 'https://x.example/', now)).toEqual(
      EMPTY,
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (html, url) => {
        const extracted = extractArticlePage(`<html><head><title>${html}`, url, now);
        expect(typeof extracted.mainText).toBe('string');
      }),
      { numRuns: 100 },
    );
  });

  test('pages are cut to 2 MB before parsing: nothing after the cut is read', () => {
    const padding = `<div class="ad">${'<span>x</span> '.repeat(150_000)}</div>`;
    const html = page(
      '<title>Huge</title>',
      `${padding}<article><p>${PROSE}</p><time datetime="2024-01-01">1 January</time></article>`,
    );
    expect(html.length).toBeGreaterThan(2 * 1024 * 1024);
    const extracted = extractArticlePage(html, 'https://x.example/a', now);
    expect(extracted.title).toBe('Huge');
    expect(extracted.mainText).not.toContain('opening of an article');
    expect(extracted.publishedAt).toBeNull();
  });

  test('a page too large for Readability keeps what its metadata says', () => {
    const html = page(
      '<meta property="og:title" content="Big page"><meta property="article:published_time" content="2024-01-01">',
      `<article>${'<span>x</span>'.repeat(31_000)}<p>${PROSE}</p></article>`,
    );
    expect(extractArticlePage(html, 'https://x.example/a', now)).toEqual({
      ...EMPTY,
      title: 'Big page',
      publishedAt: new Date('2024-01-01T00:00:00Z'),
    });
  });
});
