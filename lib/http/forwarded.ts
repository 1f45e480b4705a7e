import net from "node:net";

// Who is on the other end of a request, and how it reached us. A client can send any
// X-Forwarded-* header it likes, so they are believed only when the connection comes from a
// proxy the operator named (EXECBOARD_TRUSTED_PROXIES); otherwise the socket's own address,
// scheme and the Host header are the truth. The web server (server/web-server.ts) rewrites the
// headers with what this decides before the app sees the request, so everything downstream
// (per-IP rate limits, Secure cookies, the same-origin check) reads values a client cannot choose.

export interface TrustedProxies {
  /** The configured list, as given (for messages and the health answer). */
  spec: string;
  contains(address: string): boolean;
}

/** Parses "127.0.0.1, 10.0.0.0/8, ::1, fd00::/8" (addresses and CIDR subnets, IPv4 or IPv6). */
export function parseTrustedProxies(spec: string): TrustedProxies {
  const list = new net.BlockList();
  for (const raw of spec.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [address, bits] = raw.split("/");
    const family = net.isIP(address);
    if (family === 0) throw new Error(`EXECBOARD_TRUSTED_PROXIES: ${JSON.stringify(raw)} is not an IP address or CIDR subnet`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) {
      list.addAddress(address, type);
    } else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128)) throw new Error(`EXECBOARD_TRUSTED_PROXIES: ${JSON.stringify(raw)} has an invalid prefix length`);
      list.addSubnet(address, prefix, type);
    }
  }
  return {
    spec,
    contains(address: string) {
      const a = plainAddress(address);
      const family = net.isIP(a);
      return family !== 0 && list.check(a, family === 4 ? "ipv4" : "ipv6");
    },
  };
}

/** "::ffff:10.1.2.3" is the IPv4 address 10.1.2.3 as an IPv6 socket reports it. */
export function plainAddress(address: string): string {
  const a = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a) ? a.slice(7) : a;
}

export interface ForwardedInput {
  /** The TCP peer (req.socket.remoteAddress). */
  socketAddress: string | undefined;
  /** Whether the connection itself is TLS. */
  encrypted: boolean;
  header(name: string): string | undefined;
}

export interface ForwardedTruth {
  clientIp: string;
  proto: "http" | "https";
  host: string | null;
  /** Whether the forwarded headers were believed (the peer is a trusted proxy). */
  viaTrustedProxy: boolean;
}

export function resolveForwarded(input: ForwardedInput, trusted: TrustedProxies): ForwardedTruth {
  const peer = plainAddress(input.socketAddress ?? "") || "unknown";
  const host = first(input.header("host")) ?? null;
  const own: ForwardedTruth = { clientIp: peer, proto: input.encrypted ? "https" : "http", host, viaTrustedProxy: false };
  if (!trusted.contains(peer)) return own;
  // Walk the chain from the nearest hop outwards while each hop is a trusted proxy: the first
  // address that is not one is the client (as in Express's "trust proxy" with a list).
  const hops = (input.header("x-forwarded-for") ?? "").split(",").map((s) => plainAddress(s)).filter(Boolean);
  let client = peer;
  while (trusted.contains(client) && hops.length > 0) client = hops.pop()!;
  if (net.isIP(client) === 0) client = peer;
  const proto = first(input.header("x-forwarded-proto"))?.toLowerCase();
  return {
    clientIp: client,
    proto: proto === "https" || proto === "http" ? proto : own.proto,
    host: first(input.header("x-forwarded-host")) ?? host,
    viaTrustedProxy: true,
  };
}

function first(value: string | undefined): string | undefined {
  const v = value?.split(",")[0].trim();
  return v ? v : undefined;
}
