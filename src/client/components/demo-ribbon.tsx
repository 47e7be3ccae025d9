// On every page in demo mode, so nobody mistakes the sample data for the real thing. It is fixed at the
// top; the layout leaves room for it through --ribbon-height (0 outside demo mode).
export function DemoRibbon() {
  return (
    <div role="note" className="fixed inset-x-0 top-0 z-[45] flex h-(--ribbon-height) items-center justify-center gap-2 bg-amber-400 text-xs font-semibold text-amber-950">
      <span>Demo mode</span>
      <span className="hidden font-normal sm:inline">· sample data, sign-in without a password</span>
    </div>
  );
}
