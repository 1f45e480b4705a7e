// A box that scrolls sideways when its table is wider than the screen. It takes keyboard focus
// (and has a name) so keyboard users can scroll it too.
export function ScrollBox({ label, className = "", children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div
      tabIndex={0}
      role="group"
      aria-label={label}
      className={`relative overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${className}`}
    >
      {children}
    </div>
  );
}
