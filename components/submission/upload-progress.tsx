import { formatBytes } from "@/lib/browser-check/check-submission-file";

// Upload progress as a native <progress> (announced as a progress bar) with the numbers beside it.
export function UploadProgress({ loaded, total, onCancel }: { loaded: number; total: number; onCancel?: () => void }) {
  const pct = total > 0 ? Math.floor((loaded / total) * 100) : 0;
  const sent = loaded >= total && total > 0;
  return (
    <div className="space-y-2 rounded border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <label htmlFor="upload-progress" className="font-medium">
          {sent ? "Uploaded — the server is checking the file…" : "Uploading…"}
        </label>
        <span className="tabular-nums text-slate-600" data-testid="upload-percent">
          {formatBytes(loaded)} of {formatBytes(total)} ({pct}%)
        </span>
      </div>
      <progress id="upload-progress" max={total || 1} value={loaded} className="h-2 w-full accent-emerald-600">
        {pct}%
      </progress>
      {onCancel && !sent && (
        <button type="button" onClick={onCancel} className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600">
          Cancel upload
        </button>
      )}
    </div>
  );
}
