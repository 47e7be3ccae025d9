// Class strings the primitives share, so every control has the same focus ring and field look.

/** The visible focus ring of every interactive element. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * A tab of an underlined tab strip (Headless UI Tab). Its focus ring is Headless UI's data-focus (keyboard focus
 * only: a tab clicked or tapped showed the browser's focus-visible ring) drawn inside the tab, because a strip that
 * scrolls sideways clips anything drawn outside it (the ring showed as two bars beside the tab).
 */
export const underlineTab =
  '-mb-px flex min-h-11 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-slate-600 outline-none hover:text-slate-900 data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-solid data-focus:outline-brand-600 data-selected:border-brand-700 data-selected:text-brand-800';

/** Text-like inputs: 16px text on phones (no zoom on focus in iOS Safari), 44px tall on phones. */
export const fieldControl =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 data-invalid:border-red-500 data-invalid:focus:outline-red-600 sm:pointer-fine:min-h-10 sm:text-sm';

export const fieldLabel = 'block text-sm font-medium text-slate-800';
export const fieldHint = 'text-sm text-slate-500';
export const fieldError = 'flex items-start gap-1 text-sm font-medium text-red-700';

/** Native checkboxes: brand-coloured, 20px, with room around them for a 44px tap area from the cell or label. */
export const checkbox =
  'size-5 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed';
