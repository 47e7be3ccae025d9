// A short hint for a control: after 700 ms of hover, at once on keyboard focus, gone on Escape. The text
// is always in the DOM and linked with aria-describedby, so screen readers read it with the control.
import { cloneElement, useEffect, useId, useRef, useState, type FocusEvent, type ReactElement, type ReactNode } from 'react';

const TOOLTIP_DELAY_MS = 700;

type Describable = { 'aria-describedby'?: string };

export type TooltipProps = {
  content: ReactNode;
  /** One focusable element (a button, a link). */
  children: ReactElement<Describable>;
  /** 'right' floats beside the control, above any scrolling container (a collapsed sidebar's icons). */
  placement?: 'top' | 'bottom' | 'right';
  className?: string;
};

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

export function Tooltip({ content, children, placement = 'top', className = '' }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [beside, setBeside] = useState<{ left: number; top: number } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const anchor = useRef<HTMLSpanElement>(null);

  const cancel = () => window.clearTimeout(timer.current);
  const show = () => {
    cancel();
    setOpen(true);
  };
  const hide = () => {
    cancel();
    setOpen(false);
  };
  const handlePointerEnter = (event: { pointerType: string }) => {
    if (event.pointerType === 'touch') return;
    cancel();
    timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const handleFocus = (event: FocusEvent) => {
    if (isKeyboardFocus(event.target)) show();
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open || placement !== 'right' || !anchor.current) return;
    const rect = anchor.current.getBoundingClientRect();
    setBeside({ left: rect.right + 8, top: rect.top + rect.height / 2 });
  }, [open, placement]);
  useEffect(() => {
    if (!open) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [open]);

  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  return (
    <span ref={anchor} className={`relative inline-flex ${className}`} onPointerEnter={handlePointerEnter} onPointerLeave={hide} onFocus={handleFocus} onBlur={hide}>
      {cloneElement(children, { 'aria-describedby': describedBy })}
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        style={placement === 'right' && beside ? { left: beside.left, top: beside.top } : undefined}
        className={`z-50 w-max max-w-64 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg ${
          placement === 'right' ? 'fixed -translate-y-1/2' : `absolute left-1/2 -translate-x-1/2 ${placement === 'top' ? 'bottom-full mb-2' : 'top-full mt-2'}`
        }`}
      >
        {content}
      </span>
    </span>
  );
}
