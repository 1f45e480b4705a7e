// Where accepted uploads live. The web app stores a file once it is accepted; workers on any
// machine read it back. Two implementations: a directory (local-store.ts) and an S3-compatible
// object store (s3-store.ts), chosen by EXECBOARD_STORAGE. Keys are validated by file-store.ts.
export interface ObjectStore {
  /** What and where it is, for logs and messages ("directory /srv/data/uploads", "s3://bucket/prefix at http://…"). */
  readonly description: string;
  put(key: string, data: Uint8Array): Promise<void>;
  /** Stores a file already on this machine's disk without reading it into memory. */
  putFromPath(key: string, localPath: string): Promise<void>;
  /**
   * A path on this machine's disk holding the object's bytes, for readers that stream a file,
   * and what to call when done with it (a downloaded copy is deleted then). Missing: ENOENT.
   */
  open(key: string): Promise<{ path: string; release(): Promise<void> }>;
  delete(key: string): Promise<void>;
  /** The storage's identity marker (storage-identity.ts), or null when it has none. */
  readMarker(): Promise<string | null>;
  writeMarker(id: string): Promise<void>;
}
