// Sends the upload with XMLHttpRequest because fetch() cannot report upload progress. The
// session cookie rides along (same origin); the answer is the API's JSON either way.
export interface UploadOutcome {
  status: number;
  body: unknown;
}

export interface UploadHandle {
  done: Promise<UploadOutcome>;
  abort: () => void;
}

export function uploadWithProgress(url: string, form: FormData, onProgress: (loaded: number, total: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve, reject) => {
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    });
    xhr.addEventListener("load", () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = { error: { code: "INTERNAL", message: `unexpected answer from the server (HTTP ${xhr.status})` } };
      }
      resolve({ status: xhr.status, body });
    });
    xhr.addEventListener("error", () => reject(new Error("the upload failed: the server could not be reached")));
    xhr.addEventListener("abort", () => reject(new DOMException("the upload was cancelled", "AbortError")));
  });
  xhr.open("POST", url);
  xhr.setRequestHeader("accept", "application/json");
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
