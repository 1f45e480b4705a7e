// Content codings (RFC 9110 §8.4, §12.5.3): which coding of an answer a request's
// Accept-Encoding prefers, and the one-shot encoders and decoders the page cache keeps its
// answers with. Compression runs in libuv's thread pool (zlib's asynchronous calls), never on
// the event loop.
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Coding = "br" | "gzip";
export type Chosen = Coding | "identity";

/** The codings the page cache makes, best first (used on a tie of q-values). */
export const CODINGS: readonly Coding[] = ["br", "gzip"];

/**
 * The coding to answer with, among `available` (besides identity), for a request's
 * Accept-Encoding: the highest q-value wins, a tie goes to the smaller coding (br, gzip,
 * identity). No header means identity (RFC 9110: any coding may be used, but a client that
 * says nothing may not decode one). If the client refuses identity too and nothing else fits,
 * identity is sent all the same (the RFC allows it rather than a 406).
 */
export function chooseCoding(acceptEncoding: string | string[] | undefined, available: readonly Coding[]): Chosen {
  const text = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!text || !text.trim()) return "identity";
  const q = new Map<string, number>();
  for (const part of text.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.split("=").map((s) => s.trim().toLowerCase());
      if (k === "q") weight = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(v ?? "") ? Number(v) : 0;
    }
    q.set(name === "x-gzip" ? "gzip" : name, weight);
  }
  const star = q.get("*");
  // Identity is acceptable unless refused by name, or by "*;q=0" without a name of its own;
  // unnamed, it ranks below any coding the client names with a weight above zero.
  const weightOf = (c: Chosen): number => q.get(c) ?? (c === "identity" ? (star === 0 ? 0 : 1e-4) : (star ?? 0));
  let best: Chosen = "identity";
  let bestQ = weightOf("identity");
  for (const c of CODINGS) {
    if (!available.includes(c)) continue;
    const w = weightOf(c);
    if (w > 0 && (w > bestQ || (w === bestQ && best === "identity"))) {
      best = c;
      bestQ = w;
    }
  }
  return best;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * `body` in `coding`, at settings meant for answers kept in memory and sent many times: brotli
 * quality 5 (about a twentieth of a page's HTML, tens of milliseconds for 800 KB; quality 11
 * saves a further tenth for a hundred times the time), gzip level 6.
 */
export function encode(body: Buffer, coding: Coding): Promise<Buffer> {
  if (coding === "br") {
    return brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } });
  }
  return gzip(body, { level: 6 });
}

const decoders: Record<string, (b: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  "x-gzip": promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/** The identity bytes of a body the app sent in `coding` (its Content-Encoding), or null for a coding this cannot undo. */
export async function decode(body: Buffer, coding: string | undefined): Promise<Buffer | null> {
  const name = (coding ?? "").trim().toLowerCase();
  if (name === "" || name === "identity") return body;
  const decoder = decoders[name];
  return decoder ? decoder(body) : null;
}
