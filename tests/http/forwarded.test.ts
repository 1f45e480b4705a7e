import { describe, expect, it } from "vitest";
import { parseTrustedProxies, resolveForwarded } from "@/lib/http/forwarded";

// Forwarded headers are believed only from a proxy the operator named; without one, the
// connection's own address and scheme are the truth, whatever the client sends.
const input = (socketAddress: string, headers: Record<string, string>, encrypted = false) => ({
  socketAddress,
  encrypted,
  header: (name: string) => headers[name],
});

describe("forwarded headers", () => {
  const none = parseTrustedProxies("");
  const proxies = parseTrustedProxies("127.0.0.1, 10.0.0.0/8, fd00::/8");

  it("ignore whatever a client sends when no proxy is trusted", () => {
    const t = resolveForwarded(input("203.0.113.9", { host: "board.example", "x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" }), none);
    expect(t).toEqual({ clientIp: "203.0.113.9", proto: "http", host: "board.example", viaTrustedProxy: false });
    expect(resolveForwarded(input("::ffff:203.0.113.9", { host: "h" }, true), none)).toMatchObject({ clientIp: "203.0.113.9", proto: "https" });
  });

  it("ignore them from a peer that is not a trusted proxy even when some proxies are trusted", () => {
    const t = resolveForwarded(input("198.51.100.1", { host: "h", "x-forwarded-for": "10.0.0.5" }), proxies);
    expect(t.clientIp).toBe("198.51.100.1");
    expect(t.viaTrustedProxy).toBe(false);
  });

  it("take the first untrusted hop from the nearest side through a chain of trusted proxies", () => {
    const t = resolveForwarded(input("127.0.0.1", { host: "internal:3000", "x-forwarded-for": "6.6.6.6, 198.51.100.20, 10.1.1.1", "x-forwarded-proto": "https", "x-forwarded-host": "board.example" }), proxies);
    // 6.6.6.6 is what the client claimed; 198.51.100.20 is who connected to the outer proxy.
    expect(t).toEqual({ clientIp: "198.51.100.20", proto: "https", host: "board.example", viaTrustedProxy: true });
    expect(resolveForwarded(input("fd00::1", { "x-forwarded-for": "2001:db8::7" }), proxies).clientIp).toBe("2001:db8::7");
    // A trusted proxy that sent no chain: the proxy is the client as far as we can tell.
    expect(resolveForwarded(input("10.2.3.4", { host: "h" }), proxies).clientIp).toBe("10.2.3.4");
    // Garbage in the chain is not an address.
    expect(resolveForwarded(input("10.2.3.4", { "x-forwarded-for": "not-an-ip" }), proxies).clientIp).toBe("10.2.3.4");
    expect(resolveForwarded(input("10.2.3.4", { "x-forwarded-proto": "gopher" }), proxies).proto).toBe("http");
  });

  it("refuse a malformed trust list at start-up, naming the entry", () => {
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/"10.0.0.0\/33" has an invalid prefix length/);
    expect(() => parseTrustedProxies("proxy.internal")).toThrow(/"proxy.internal" is not an IP address/);
  });
});
