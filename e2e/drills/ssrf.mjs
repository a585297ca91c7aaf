#!/usr/bin/env node
// SSRF drill: canary HTTP listeners on 127.0.0.1 and ::1 count every request; hostile URLs aimed
// at them go everywhere a third party can put a URL the server will fetch. Expected: 0 hits.
//
//   node e2e/drills/ssrf.mjs
//
// A. End to end, built server started WITHOUT FEED_ALLOW_PRIVATE:
//    - POST /api/submit_source (captcha solved), `admin approve-submission` -> the URL is a source;
//    - an OPML file (xmlUrl and htmlUrl hostile) through `admin import-opml`;
//    - the server's own crawl (restart with CRAWL_ON_START=1) and `admin crawl --all`;
//    every source must end as error BLOCKED_ADDRESS (or an unresolvable name), never fetched.
//    Control: the same sources crawled with FEED_ALLOW_PRIVATE=1 do reach the canaries.
// B. Redirect chains, DNS rebinding and logo/icon fetches. Offline there is no public host to
//    redirect from, so the built crawler's own Fetcher (server/dist) runs with the production
//    address policy plus ONE stand-in "public" address, 127.0.0.2, where a redirector and an
//    HTML page with hostile icon links live, and a resolver that rebinds a name from 127.0.0.2 to
//    127.0.0.1. Control: an allowPrivate Fetcher reaches the canaries through the same URLs.
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient, reportResult, solveCaptcha } from '../../bench/lib/api-client.mjs';
import { repoRoot, requireBuiltServer } from '../../bench/lib/paths.mjs';
import {
  admin,
  drillEnv,
  freePort,
  startServer,
  temporaryDataDir,
} from '../../bench/lib/server-process.mjs';

const distModule = (path) => import(pathToFileURL(join(repoRoot, 'server/dist', path)).href);

/** A listener counting every request (and every TCP connection) it gets. */
async function canary(host, port = 0) {
  const hits = [];
  let connections = 0;
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.headers.host}${request.url}`);
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end(
      '<?xml version="1.0"?><rss version="2.0"><channel><title>canary</title></channel></rss>',
    );
  });
  server.on('connection', () => (connections += 1));
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return {
    port: server.address().port,
    hits,
    connections: () => connections,
    reset: () => {
      hits.length = 0;
      connections = 0;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Hostile URLs aimed at the canaries (p4 on 127.0.0.1, p6 on ::1), plus private ranges. */
function hostileUrls(p4, p6) {
  return [
    `http://127.0.0.1:${p4}/feed`,
    `http://localhost:${p4}/feed`,
    `http://localhost.:${p4}/feed`,
    `http://127.1:${p4}/short-form`,
    `http://2130706433:${p4}/decimal`,
    `http://0x7f000001:${p4}/hex`,
    `http://0177.0.0.1:${p4}/octal`,
    `http://0x7f.0.0.1:${p4}/hex-octet`,
    `http://0.0.0.0:${p4}/unspecified`,
    `http://0:${p4}/zero`,
    `https://127.0.0.1:${p4}/tls`,
    `http://user:pass@127.0.0.1:${p4}/credentials`,
    `http://[::1]:${p6}/feed`,
    `http://[0:0:0:0:0:0:0:1]:${p6}/long-form`,
    `http://[::]:${p6}/unspecified6`,
    `http://ip6-localhost:${p6}/hosts-file`,
    `http://[::ffff:127.0.0.1]:${p4}/mapped`,
    `http://[::ffff:7f00:1]:${p4}/mapped-hex`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${p4}/mapped-long`,
    `http://[::127.0.0.1]:${p4}/compatible`,
    `http://[64:ff9b::7f00:1]:${p4}/nat64`,
    `http://[2002:7f00:1::]:${p4}/6to4`,
    `http://127.0.0.1.nip.io:${p4}/wildcard-dns`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://10.0.0.1/feed',
    'http://172.16.0.1/feed',
    'http://192.168.0.1/feed',
    'http://100.64.0.1/cgnat',
    'http://224.0.0.1/multicast',
    'http://[fe80::1]/link-local',
    'http://[fc00::1]/unique-local',
  ];
}

/** `admin crawl-status` as { url_name -> status text }. */
async function crawlStatuses(env) {
  const output = await admin(['crawl-status'], env);
  const statuses = new Map();
  for (const line of output.split('\n').slice(1)) {
    const match = /^(\S+)\s+(\S+ \S+|-)\s+(error \S+|ok|not_modified|never|\S+)/.exec(line);
    if (match && !/^\d+ sources/.test(line)) statuses.set(match[1], match[3]);
  }
  return statuses;
}

async function endToEnd(canary4, canary6, urls) {
  const dataDir = temporaryDataDir('ssrf');
  const port = await freePort();
  // Submissions are limited per client address: the drill is a proxy's many clients.
  // Page visits on: an item's link is one more URL a third party puts in front of the crawler.
  const env = drillEnv(dataDir, {
    TRUST_PROXY: '127.0.0.1',
    FEED_TIMEOUT_SECONDS: '5',
    CRAWL_PAGE_VISITS: '1',
  });
  if (env.FEED_ALLOW_PRIVATE) throw new Error('FEED_ALLOW_PRIVATE must be unset for this drill');
  let server = await startServer(env, port);
  const result = {
    submitted: 0,
    refusedAtSubmission: 0,
    opmlSources: 0,
    serverCrawlHits: 0,
    adminCrawlHits: 0,
  };
  try {
    // 1. POST /api/submit_source, one submitter (address, domain, client IP) per URL.
    // Every form goes through OPML below; submissions take a representative share (each costs
    // a captcha and an admin process), one of each family.
    let index = 0;
    const submittedUrls = urls.filter((_, i) => i % 3 === 0);
    for (const url of submittedUrls) {
      index += 1;
      const forwarded = { 'x-forwarded-for': `198.51.100.${index}` };
      const client = await new ApiClient(server.origin, { headers: forwarded }).start();
      const response = await client.post('/api/submit_source', {
        name: `Hostile ${index}`,
        url,
        email: `submitter${index}@drill${index}.example.com`,
        recaptchaVerifyToken: await solveCaptcha(server.origin),
      });
      const text = await response.text();
      if (response.ok) result.submitted += 1;
      else if (response.status === 400) result.refusedAtSubmission += 1;
      else throw new Error(`submit_source ${url} answered ${response.status}: ${text}`);
    }
    const pending = await admin(['submissions'], env);
    const ids = [...pending.matchAll(/^\s*#?(\d+)\b/gm)].map((match) => match[1]);
    let approved = 0;
    for (const id of ids) {
      await admin(['approve-submission', id], env).then(
        () => (approved += 1),
        (error) =>
          console.info(`  approve ${id}: ${error.message.split('\n').slice(1, 2).join(' ')}`),
      );
    }
    result.approved = approved;
    // 2. OPML: hostile feed URLs, and hostile site URLs (where logos are looked for).
    const outlines = urls
      .map(
        (url, i) =>
          `<outline type="rss" text="opml ${i}" xmlUrl="${url.replace(/&/g, '&amp;')}?opml" htmlUrl="${url.replace(/&/g, '&amp;')}?site"/>`,
      )
      .join('\n');
    const opmlFile = join(dataDir, 'hostile.opml');
    writeFileSync(
      opmlFile,
      `<?xml version="1.0"?><opml version="2.0"><head/><body>${outlines}</body></opml>`,
    );
    const imported = await admin(['import-opml', opmlFile], env);
    result.opmlSources = Number(/(\d+) sources added/.exec(imported)?.[1] ?? 0);

    // 3. The server's own crawl: restart with CRAWL_ON_START=1 and wait until every source ran.
    await server.stop();
    canary4.reset();
    canary6.reset();
    server = await startServer({ ...env, CRAWL_ON_START: '1' }, port);
    const deadline = Date.now() + 120_000;
    let statuses;
    for (;;) {
      statuses = await crawlStatuses(env);
      const never = [...statuses.values()].filter((status) => status === 'never').length;
      if (statuses.size > 0 && never === 0) break;
      if (Date.now() > deadline)
        throw new Error(`the server's crawl left ${never} sources uncrawled`);
      await sleep(1_000);
    }
    result.sources = statuses.size;
    result.serverCrawlHits = canary4.hits.length + canary6.hits.length;
    result.serverCrawlConnections = canary4.connections() + canary6.connections();

    // 4. `admin crawl --all` (the operator's crawl, its own process, same rule).
    const crawlOutput = await admin(['crawl', '--all'], { ...env, LOG_LEVEL: 'info' });
    result.adminCrawlSummary = /Crawl run.*$/m.exec(crawlOutput)?.[0];
    statuses = await crawlStatuses(env);
    result.adminCrawlHits = canary4.hits.length + canary6.hits.length - result.serverCrawlHits;
    result.connections = canary4.connections() + canary6.connections();
    const codes = {};
    for (const status of statuses.values()) codes[status] = (codes[status] ?? 0) + 1;
    result.outcomes = codes;
    result.fetchedOk = [...statuses.values()].filter(
      (status) => !status.startsWith('error'),
    ).length;
    // Outcomes other than a refused address, with the URL behind each source (for the report).
    const urlOf = (name) => {
      const number = Number(/(\d+)$/.exec(name)?.[1]);
      return name.startsWith('opml') ? urls[number] : submittedUrls[number - 1];
    };
    result.notBlocked = [...statuses]
      .filter(([, status]) => status !== 'error BLOCKED_ADDRESS')
      .map(([name, status]) => `${status}: ${urlOf(name)}`);

    // 5. Control: the same sources with FEED_ALLOW_PRIVATE=1 do reach the canaries.
    const before = canary4.hits.length + canary6.hits.length;
    await admin(['crawl', '--all'], { ...env, FEED_ALLOW_PRIVATE: '1' });
    result.controlHits = canary4.hits.length + canary6.hits.length - before;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return result;
}

async function throughFetcher(canary4, canary6, urls) {
  const { Fetcher } = await distModule('ingestion/fetch/fetcher.js');
  const { isPublicAddress } = await distModule('ingestion/fetch/address-policy.js');
  const { refreshLogo } = await distModule('ingestion/logos/refresh-logo.js');
  const PUBLIC_STAND_IN = '127.0.0.2';
  const p4 = canary4.port;
  // The stand-in "public" host: a redirector, pages with hostile icon links, one real icon.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  let publicHits = 0;
  const publicHost = createServer((request, response) => {
    publicHits += 1;
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/redirect') {
      const hops = Number(url.searchParams.get('hops') ?? 0);
      const target = url.searchParams.get('to');
      const next =
        hops > 0 ? `/redirect?hops=${hops - 1}&to=${encodeURIComponent(target)}` : target;
      return response
        .writeHead(Number(url.searchParams.get('status') ?? 302), { location: next })
        .end();
    }
    if (url.pathname === '/page') {
      const icons = url.searchParams.getAll('icon');
      const links = icons.map(
        (href, i) =>
          `<link rel="icon" sizes="${64 - i}x${64 - i}" href="${href.replace(/"/g, '&quot;')}">`,
      );
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><head>${links.join('')}</head></html>`);
    }
    if (url.pathname === '/icon.png')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    response.writeHead(404).end();
  });
  // Same port as the IPv4 canary, so a name rebound from 127.0.0.2 to 127.0.0.1 hits the canary.
  await new Promise((resolve, reject) =>
    publicHost.once('error', reject).listen(p4, PUBLIC_STAND_IN, resolve),
  );
  const origin = `http://${PUBLIC_STAND_IN}:${p4}`;
  const rebindCount = new Map();
  const resolveHost = async (host) => {
    if (host === 'rebind.drill') {
      const n = (rebindCount.get(host) ?? 0) + 1;
      rebindCount.set(host, n);
      return n === 1 ? [PUBLIC_STAND_IN] : ['127.0.0.1'];
    }
    if (host === 'mixed.drill') return [PUBLIC_STAND_IN, '127.0.0.1'];
    if (host === 'public.drill') return [PUBLIC_STAND_IN];
    const { lookup } = await import('node:dns/promises');
    return (await lookup(host, { all: true })).map((entry) => entry.address);
  };
  const isAllowedAddress = (address) =>
    address === PUBLIC_STAND_IN ||
    address === `::ffff:${PUBLIC_STAND_IN}` ||
    isPublicAddress(address);
  const options = { userAgent: 'drill', timeoutMs: 5_000, maxBytes: 1 << 20 };
  const guarded = new Fetcher({ ...options, allowPrivate: false, resolveHost, isAllowedAddress });
  const open = new Fetcher({ ...options, allowPrivate: true });

  const redirected = (to, hops = 0, status = 302) =>
    `${origin}/redirect?hops=${hops}&status=${status}&to=${encodeURIComponent(to)}`;
  const cases = [];
  for (const url of urls.filter((u) => u.includes(`:${p4}`) || u.includes(`:${canary6.port}`))) {
    cases.push(redirected(url), redirected(url, 3, 301), redirected(url, 1, 307));
  }
  cases.push(
    'http://rebind.drill:' +
      p4 +
      '/redirect?to=' +
      encodeURIComponent(`http://rebind.drill:${p4}/again`),
    `http://mixed.drill:${p4}/feed`,
    redirected(
      `http://public.drill:${p4}/redirect?to=${encodeURIComponent(`http://[::ffff:127.0.0.1]:${p4}/x`)}`,
    ),
  );
  const outcomes = {};
  const notBlocked = [];
  const run = async (fetcher) => {
    for (const url of cases) {
      const outcome = await fetcher.fetch({ url, accept: '*/*' }).then(
        (ok) => ok.status,
        (error) => error.code ?? error.name,
      );
      if (fetcher === guarded) {
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (outcome !== 'BLOCKED_ADDRESS')
          notBlocked.push(`${outcome}: ${decodeURIComponent(url.replace(origin, ''))}`);
      }
      rebindCount.clear();
    }
  };
  canary4.reset();
  canary6.reset();
  await run(guarded);
  const fetchHits = canary4.hits.length + canary6.hits.length;
  const publicHitsGuarded = publicHits;

  // Logo fetches: pages on the stand-in host whose icons point at the canaries.
  const hostileIcons = [
    `http://127.0.0.1:${p4}/icon.png`,
    `http://[::1]:${canary6.port}/icon.png`,
    `http://[::ffff:127.0.0.1]:${p4}/icon.png`,
    redirected(`http://127.0.0.1:${p4}/icon.png`),
    `http://2130706433:${p4}/icon.png`,
  ];
  const logoRuns = [];
  const logoDir = temporaryDataDir('ssrf-logos');
  const recorded = [];
  const fakeDb = { query: async (_sql, params) => (recorded.push(params), { rows: [] }) };
  const pages = [
    ...hostileIcons.map((icon) => `${origin}/page?icon=${encodeURIComponent(icon)}`),
    `${origin}/page?${hostileIcons
      .slice(0, 2)
      .map((icon) => `icon=${encodeURIComponent(icon)}`)
      .join('&')}&icon=${encodeURIComponent(`${origin}/icon.png`)}`,
    redirected(`http://127.0.0.1:${p4}/page`),
  ];
  for (const [i, siteUrl] of pages.entries()) {
    recorded.length = 0;
    await refreshLogo(
      { source_id: i + 1, url_name: `drill-${i}`, site_url: siteUrl, logo_checked_at: null },
      { db: fakeDb, fetcher: guarded, logoDir },
    );
    logoRuns.push(recorded.at(-1)?.[1] ?? null);
  }
  const logoHits = canary4.hits.length + canary6.hits.length - fetchHits;
  await rm(logoDir, { recursive: true, force: true });

  // Control: without the address rule the same URLs reach the canaries.
  const beforeControl = canary4.hits.length + canary6.hits.length;
  await run(open);
  const controlHits = canary4.hits.length + canary6.hits.length - beforeControl;
  await guarded.close();
  await open.close();
  await new Promise((resolve) => publicHost.close(resolve));
  return {
    fetchCases: cases.length,
    fetchHits,
    outcomes,
    notBlocked,
    publicHostRequests: publicHitsGuarded,
    logoPages: pages.length,
    logoHits,
    // The one page with a good icon after two hostile ones must store it (the path works).
    logosStored: logoRuns.filter(Boolean).length,
    controlHits,
  };
}

async function main() {
  requireBuiltServer();
  const started = performance.now();
  const canary4 = await canary('127.0.0.1');
  const canary6 = await canary('::1');
  const urls = hostileUrls(canary4.port, canary6.port);
  try {
    console.info(
      `ssrf drill: canaries on 127.0.0.1:${canary4.port} and [::1]:${canary6.port}, ${urls.length} hostile URLs`,
    );
    const e2e = await endToEnd(canary4, canary6, urls);
    console.info('  A. server and admin crawl:', JSON.stringify(e2e));
    const fetcher = await throughFetcher(canary4, canary6, urls);
    console.info('  B. redirects, rebinding, logos:', JSON.stringify(fetcher));
    const hits = e2e.serverCrawlHits + e2e.adminCrawlHits + fetcher.fetchHits + fetcher.logoHits;
    const problems = [];
    if (hits > 0) problems.push(`${hits} canary hits`);
    // Every hostile URL must be refused by the address rule, or not resolve at all (offline):
    // a connection attempt (CONNECTION_FAILED, TIMEOUT...) means the rule let the address through.
    const unguarded = [...e2e.notBlocked, ...fetcher.notBlocked].filter(
      (line) => !/DNS_FAILED/.test(line),
    );
    if (unguarded.length)
      problems.push(
        `${unguarded.length} hostile URLs passed the address rule (${[...new Set(unguarded.map((line) => line.replace(/^.*to=|^error /, '')))].join(', ')})`,
      );
    if (e2e.fetchedOk > 0) problems.push(`${e2e.fetchedOk} hostile sources ended not in error`);
    if (!(e2e.controlHits > 0))
      problems.push('control crawl (FEED_ALLOW_PRIVATE=1) did not reach the canaries');
    if (!(fetcher.controlHits > 0)) problems.push('control fetcher did not reach the canaries');
    if (fetcher.logosStored !== 1)
      problems.push(`expected 1 stored logo (the good icon), got ${fetcher.logosStored}`);
    if (!(fetcher.publicHostRequests > 0))
      problems.push('the stand-in public host was never reached');
    reportResult({
      name: 'ssrf',
      pass: problems.length === 0,
      seconds: Math.round((performance.now() - started) / 1000),
      summary:
        `${urls.length} hostile URLs via submit_source (${e2e.submitted} accepted, ${e2e.approved} approved) ` +
        `and OPML (${e2e.opmlSources} sources), server crawl + admin crawl: ${e2e.serverCrawlHits + e2e.adminCrawlHits} hits; ` +
        `${fetcher.fetchCases} redirect/rebinding fetches: ${fetcher.fetchHits} hits; ` +
        `${fetcher.logoPages} logo pages: ${fetcher.logoHits} hits; ` +
        `controls reached the canaries ${e2e.controlHits}+${fetcher.controlHits} times` +
        (problems.length ? ` -- ${problems.join('; ')}` : ''),
      numbers: { urls, endToEnd: e2e, fetcher },
    });
  } finally {
    await canary4.close();
    await canary6.close();
  }
}

main().catch((error) => {
  console.error(error);
  reportResult({ name: 'ssrf', pass: false, summary: `error: ${error.message.split('\n')[0]}` });
});
