import { spawn } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../support/ports.js';
import { repoRoot, tempDir, until } from './processes.js';

/**
 * Debian's nginx in front of the test's processes, with the deployment's own configuration
 * (deploy/nginx/proxy.conf and cdn.conf). Only what names the machine is replaced: Docker's
 * resolver and service name by the web processes' addresses, the listening ports, the CDN's
 * folder. A replacement that finds nothing fails, so a rewritten file cannot go untested.
 */
export interface Nginx {
  /** The load balancer of proxy.conf. */
  proxyUrl: string;
  /** The CDN of cdn.conf: `${cdnUrl}<remote>/` serves that remote's build. */
  cdnUrl: string;
  /** The upstream address (host:port) of every request the proxy passed on, in order. */
  upstreamsUsed(): Promise<string[]>;
  stop(): Promise<void>;
}

const deployDir = path.join(repoRoot, 'deploy/nginx');

/** Installed by .ci/run when missing (README, "Tests"). */
export const NGINX_BINARY = '/usr/sbin/nginx';

function replaced(text: string, pattern: RegExp, replacement: string, file: string): string {
  if (!pattern.test(text)) throw new Error(`${file} no longer has ${pattern}: update this test`);
  return text.replace(pattern, replacement);
}

async function proxyConf(port: number, upstreams: string[]): Promise<string> {
  const file = 'proxy.conf';
  let conf = await readFile(path.join(deployDir, file), 'utf8');
  conf = replaced(conf, /^resolver .*$/m, '', file);
  conf = replaced(
    conf,
    /^\s*server web:3000 resolve;.*$/m,
    upstreams.map((address) => `  server ${address};`).join('\n'),
    file,
  );
  return replaced(conf, /listen 8080;/, `listen 127.0.0.1:${port};`, file);
}

async function cdnConf(port: number, root: string): Promise<string> {
  const file = 'cdn.conf';
  let conf = await readFile(path.join(deployDir, file), 'utf8');
  conf = replaced(conf, /root \/usr\/share\/nginx\/html;/, `root ${root};`, file);
  return replaced(conf, /listen 8080;/, `listen 127.0.0.1:${port};`, file);
}

export async function startNginx(options: {
  /** host:port of each web process. */
  upstreams: string[];
  /** The remotes the CDN serves, each from its own build folder. */
  remotes: string[];
  /** The CDN's port, known before the web processes that name it start. */
  cdnPort: number;
}): Promise<Nginx> {
  const dir = await tempDir('nginx');
  const cdnRoot = path.join(dir, 'cdn');
  await mkdir(cdnRoot);
  for (const remote of options.remotes) {
    await symlink(path.join(repoRoot, remote, 'dist'), path.join(cdnRoot, remote));
  }
  const { cdnPort } = options;
  const proxyPort = await freePort();
  await writeFile(path.join(dir, 'proxy.conf'), await proxyConf(proxyPort, options.upstreams));
  await writeFile(path.join(dir, 'cdn.conf'), await cdnConf(cdnPort, cdnRoot));
  const accessLog = path.join(dir, 'upstreams.log');
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      // As root (CI), the workers would otherwise run as nobody, who cannot read the checkout.
      process.getuid?.() === 0 ? 'user root;' : '',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      "  log_format upstreams '$upstream_addr';",
      `  access_log ${accessLog} upstreams;`,
      `  include ${path.join(dir, 'proxy.conf')};`,
      `  include ${path.join(dir, 'cdn.conf')};`,
      '}',
    ].join('\n'),
  );

  const child = spawn(
    NGINX_BINARY,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const cdnUrl = `http://127.0.0.1:${cdnPort}/`;
  await until(`nginx to listen (${output})`, async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const [proxy, cdn] = await Promise.all(
      [`${proxyUrl}/api/health`, cdnUrl].map((url) => fetch(url).catch(() => undefined)),
    );
    return proxy !== undefined && cdn !== undefined;
  });

  return {
    proxyUrl,
    cdnUrl,
    upstreamsUsed: async () =>
      (await readFile(accessLog, 'utf8'))
        .split('\n')
        // One attempt per address; a retried request lists each it tried.
        .flatMap((line) => line.split(/,\s*/))
        .filter((address) => address !== '' && address !== '-'),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
