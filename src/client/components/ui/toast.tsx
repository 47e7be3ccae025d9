// One toast at a time (a new one replaces the old), 5 s by default, announced to screen readers; at the top
// of a phone's screen, away from the action bars at its bottom.
import { useEffect, useSyncExternalStore } from "react";
import { Icon } from "./icons";

export type ToastTone = "success" | "error" | "warning" | "info";
export type Toast = {
  id: number;
  tone: ToastTone;
  title: string;
  description?: string;
  durationMs: number;
};

export const TOAST_DEFAULT_MS = 5_000;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showToast(toast: {
  tone?: ToastTone;
  title: string;
  description?: string;
  durationMs?: number;
}): void {
  current = {
    id: nextId++,
    tone: toast.tone ?? "info",
    title: toast.title,
    description: toast.description,
    durationMs: toast.durationMs ?? TOAST_DEFAULT_MS,
  };
  emit();
}

export function dismissToast(id?: number): void {
  if (id !== undefined && current?.id !== id) return;
  current = null;
  emit();
}

function useToast(): Toast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

const toneStyles: Record<
  ToastTone,
  { box: string; icon: "check" | "alert" | "info" }
> = {
  success: {
    box: "border-emerald-200 bg-emerald-50 text-emerald-900",
    icon: "check",
  },
  error: { box: "border-red-200 bg-red-50 text-red-900", icon: "alert" },
  warning: {
    box: "border-amber-200 bg-amber-50 text-amber-900",
    icon: "alert",
  },
  info: { box: "border-slate-200 bg-white text-slate-900", icon: "info" },
};

export function Toaster() {
  const toast = useToast();
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(
      () => dismissToast(toast.id),
      toast.durationMs,
    );
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    // Phones and tablets keep their main actions in a bar at the bottom (cart, Confirm and Cancel, Mark as
    // Picked): there the toast drops in under the app's header, over the page title, never over the actions.
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[calc(var(--ribbon-height,0px)+4rem)] z-[60] flex justify-center px-4 xl:top-auto xl:bottom-6 xl:justify-end xl:px-6"
    >
      {toast && (
        <div
          role={toast.tone === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${toneStyles[toast.tone].box}`}
        >
          <Icon
            name={toneStyles[toast.tone].icon}
            className="mt-0.5 size-5 shrink-0"
          />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{toast.title}</p>
            {toast.description && (
              <p className="mt-0.5 text-sm opacity-80">{toast.description}</p>
            )}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="-my-2.5 -mr-2.5 grid size-11 shrink-0 place-items-center rounded-lg opacity-70 hover:opacity-100 focus-visible:outline-2"
            aria-label="Dismiss notification"
          >
            <Icon name="x" className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
