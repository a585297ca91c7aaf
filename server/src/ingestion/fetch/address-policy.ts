import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { buildConnector } from 'undici';

/** Raised instead of connecting to an address outside the public internet. */
class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  readonly code = 'BLOCKED_ADDRESS';

  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public internet address`);
  }
}

/** The only IPv6 block handed out for the public internet (global unicast). */
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * True for ordinary public unicast addresses. Loopback, private, link-local, CGNAT, multicast,
 * unspecified and reserved ranges are refused, and so are IPv6 forms that embed an IPv4 address
 * (compatible, NAT64, 6to4, Teredo): they could lead back to a refused IPv4 range. IPv6 must be
 * global unicast (2000::/3); IPv4-mapped addresses are judged by their IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().range() === 'unicast';
  return ipv6.match(GLOBAL_UNICAST_IPV6) && ipv6.range() === 'unicast';
}

export type ResolveHost = (host: string) => Promise<string[]>;
export type AddressPolicy = (address: string) => boolean;

const resolveWithDns: ResolveHost = async (host) =>
  (await lookup(host, { all: true })).map((entry) => entry.address);

function withoutBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** The one address to connect to: every address the name resolves to must be public. */
async function allowedAddressOf(
  host: string,
  resolve: ResolveHost,
  isAllowed: AddressPolicy,
): Promise<string> {
  const addresses = isIP(host) ? [host] : await resolve(host);
  const refused = addresses.find((address) => !isAllowed(address));
  if (refused !== undefined) throw new BlockedAddressError(host, refused);
  const [first] = addresses;
  if (first === undefined)
    throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  return first;
}

/**
 * Wraps undici's connector so that every connection, on every redirect hop, goes to an address
 * checked here: the name is resolved once, each address checked, and the socket opened to that
 * very address (so a second DNS answer cannot swap in a private one). The TLS server name stays
 * the original host, so certificates are still checked against it. The connected socket's remote
 * address is checked again before any byte is written.
 */
export function guardedConnector(
  connect: buildConnector.connector,
  resolve: ResolveHost = resolveWithDns,
  isAllowed: AddressPolicy = isPublicAddress,
): buildConnector.connector {
  return (options, callback) => {
    const host = withoutBrackets(options.hostname);
    allowedAddressOf(host, resolve, isAllowed).then(
      (address) =>
        connect(
          {
            ...options,
            hostname: address,
            servername: options.servername ?? (isIP(host) ? undefined : host),
          },
          (error, socket) => {
            if (error || !socket) return callback(error ?? new Error('no socket'), null);
            const remote = socket.remoteAddress;
            if (remote !== undefined && !isAllowed(remote)) {
              socket.destroy();
              return callback(new BlockedAddressError(host, remote), null);
            }
            callback(null, socket);
          },
        ),
      (error: Error) => callback(error, null),
    );
  };
}
