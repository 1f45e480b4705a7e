import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";
import { apiClient } from "./api-options";

interface Listing {
  slug: string;
  version: string;
  zipName: string;
  zip: string;
  files: { name: string; bytes: number; sha256: string; url: string }[];
}

const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

// execboard benchmark download <slug> [--version V] [--out DIR] [--zip]: a version's dataset
// from the server, each file checked against the SHA-256 the server lists and against
// SHA256SUMS, written into DIR (default ./<slug>-<version>) or, with --zip, as one archive.
// Nothing is written unless every checksum matches.
export async function downloadDataset(slug: string, values: { version?: string; out?: string; zip?: boolean; url?: string; token?: string }): Promise<number> {
  const client = apiClient(values, { tokenRequired: false });
  const q = values.version ? `?version=${encodeURIComponent(values.version)}` : "";
  const listing = await client.request<Listing>("GET", `/api/v1/benchmarks/${encodeURIComponent(slug)}/dataset${q}`);
  const label = `${listing.slug} ${listing.version}`;
  if (values.zip) {
    const { bytes, headers } = await client.download(listing.zip);
    const expected = headers.get("x-content-sha256");
    if (!expected || sha(bytes) !== expected) throw new AppError("INTERNAL", `${listing.zipName}: the download does not match its checksum (${expected ?? "none sent"}); try again`);
    const target = path.resolve(values.out ?? listing.zipName);
    await fs.writeFile(target, bytes);
    console.log(`downloaded ${label} to ${target} (${bytes.length} bytes, sha256 ${expected})`);
    return 0;
  }
  const files = new Map<string, Buffer>();
  for (const f of listing.files) {
    const { bytes } = await client.download(f.url);
    if (bytes.length !== f.bytes || sha(bytes) !== f.sha256) {
      throw new AppError("INTERNAL", `${f.name}: got ${bytes.length} bytes with sha256 ${sha(bytes)}, the server lists ${f.bytes} bytes with ${f.sha256}; nothing was written, try again`);
    }
    files.set(f.name, bytes);
  }
  const sums = files.get("SHA256SUMS")?.toString("utf8") ?? "";
  for (const line of sums.split("\n").filter(Boolean)) {
    const [digest, name] = line.split(/\s+/);
    const b = files.get(name);
    if (!b || sha(b) !== digest) throw new AppError("INTERNAL", `SHA256SUMS names ${name} with ${digest}, which the downloaded file does not match; nothing was written`);
  }
  const dir = path.resolve(values.out ?? `${listing.slug}-${listing.version}`);
  await fs.mkdir(dir, { recursive: true });
  for (const [name, b] of files) await fs.writeFile(path.join(dir, name), b);
  console.log(`downloaded ${label} to ${dir}: ${[...files.keys()].join(", ")} (checksums verified)`);
  return 0;
}
