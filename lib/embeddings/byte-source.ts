// What the .npz reader reads from: a size and byte ranges, fetched as needed, so an upload is
// never loaded whole to be checked. Bytes in memory (a multipart upload) and a Blob (the submit
// page's File) are here; a file on disk is file-source.ts (Node only).
export interface ByteSource {
  readonly size: number;
  /**
   * Up to `length` bytes from `offset`, fewer only at the end. The result may be a view of the
   * source's memory, or of `into` when it is given and large enough; readers never write to it.
   */
  read(offset: number, length: number, into?: Uint8Array): Promise<Uint8Array>;
}

/** Bytes already in memory; every read is a view, never a copy. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}

/** A Blob or File: Blob.slice is lazy, so each read costs only its own bytes. */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => {
      const end = Math.min(blob.size, offset + length);
      return offset >= end ? new Uint8Array(0) : new Uint8Array(await blob.slice(offset, end).arrayBuffer());
    },
  };
}
