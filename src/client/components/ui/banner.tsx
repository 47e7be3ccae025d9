// An inline message above the content it is about. It dismisses itself after autoDismissMs (5 s by
// default, 0 keeps it), but not while the pointer or focus is on it, so there is time to read and act.
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import { focusRing } from './styles';

export type BannerTone = 'success' | 'warning' | 'error' | 'info';

const BANNER_DEFAULT_MS = 5_000;

const tones: Record<BannerTone, { box: string; icon: IconName; iconColour: string; action: string }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: 'check', iconColour: 'text-emerald-600', action: 'bg-white text-emerald-800 ring-emerald-300 hover:bg-emerald-100' },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: 'alert', iconColour: 'text-amber-600', action: 'bg-white text-amber-900 ring-amber-300 hover:bg-amber-100' },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: 'warning', iconColour: 'text-red-600', action: 'bg-white text-red-800 ring-red-300 hover:bg-red-100' },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: 'info', iconColour: 'text-sky-600', action: 'bg-white text-sky-900 ring-sky-300 hover:bg-sky-100' },
};

export type BannerProps = {
  tone?: BannerTone;
  title: ReactNode;
  /** A second line under the title. */
  children?: ReactNode;
  /** One button in the banner, e.g. Retry. */
  action?: { label: string; onClick: () => void };
  /** Called when the banner goes, by its close button or by the timer. */
  onDismiss?: () => void;
  dismissible?: boolean;
  /** 0 keeps the banner until dismissed. */
  autoDismissMs?: number;
  className?: string;
};

export function Banner({ tone = 'info', title, children, action, onDismiss, dismissible = true, autoDismissMs = BANNER_DEFAULT_MS, className = '' }: BannerProps) {
  const [dismissed, setDismissed] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  const handleDismiss = () => {
    setDismissed(true);
    onDismiss?.();
  };
  const dismissOnTimer = useEffectEvent(handleDismiss);

  useEffect(() => {
    if (autoDismissMs <= 0 || paused) return;
    const timer = window.setTimeout(dismissOnTimer, autoDismissMs);
    return () => window.clearTimeout(timer);
  }, [autoDismissMs, paused]);

  if (dismissed) return null;
  const style = tones[tone];
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-xl border p-3 sm:p-4 ${style.box} ${className}`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <Icon name={style.icon} className={`mt-0.5 size-5 shrink-0 ${style.iconColour}`} />
      <div className="min-w-0 flex-1 space-y-0.5 py-0.5">
        <p className="text-sm font-semibold">{title}</p>
        {children && <div className="text-sm opacity-90">{children}</div>}
      </div>
      {action && (
        <button type="button" onClick={action.onClick} className={`min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold ring-1 ring-inset sm:pointer-fine:min-h-8 ${style.action} ${focusRing}`}>
          {action.label}
        </button>
      )}
      {dismissible && (
        <button type="button" onClick={handleDismiss} aria-label="Dismiss" className={`-m-1 flex size-11 shrink-0 items-center justify-center rounded-lg opacity-70 hover:opacity-100 sm:pointer-fine:size-8 ${focusRing}`}>
          <Icon name="x" className="size-4" />
        </button>
      )}
    </div>
  );
}
