/**
 * Push endpoints are URLs a client chose, and the server POSTs to them: without a
 * guard, a device registration could aim those requests at the server's own network
 * (SSRF). The default sender connects to public addresses only, checked on the address
 * the name resolves to at connection time (so DNS cannot swap it after a check).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP) is on the public internet: not loopback, private, link-local or reserved. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !nonPublic.check(address, 'ipv6');
  }
  return !nonPublic.check(address, 'ipv4');
}

/** Throws when the URL's host is an IP address that is not public (names are checked on connection). */
export function refuseNonPublicHost(url: string): void {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || (isIP(host) !== 0 && !isPublicAddress(host))) {
    throw new Error(`push endpoint ${host} is not a public address`);
  }
}

/** dns.lookup, failing for names that resolve to a non-public address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(new Error(`push endpoint ${hostname} resolves to a non-public address`), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export const publicOnlyAgent = new Agent({ keepAlive: true, lookup: publicOnlyLookup });
