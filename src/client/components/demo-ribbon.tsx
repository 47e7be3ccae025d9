// On every page in demo mode, so nobody mistakes the sample data for the real thing.
export function DemoRibbon() {
  return (
    <div role="note" className="relative z-50 flex h-6 items-center justify-center gap-2 bg-amber-400 text-xs font-semibold text-amber-950">
      <span>Demo mode</span>
      <span className="hidden font-normal sm:inline">· sample data, sign-in without a password</span>
    </div>
  );
}
