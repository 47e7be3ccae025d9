// A spinner with a message that changes every 5 s while the wait goes on ('Loading order details...',
// then 'Still working on it...'), announced politely.
import { useEffect, useState } from 'react';
import { Spinner } from './spinner';

const LOADING_MESSAGE_ROTATE_MS = 5_000;

export type LoadingMessageProps = {
  /** One message, or several shown in turn. */
  messages: string | readonly string[];
  intervalMs?: number;
  /** Fill the area it sits in, centred (page and section loaders). */
  fill?: boolean;
  className?: string;
};

export function LoadingMessage({ messages, intervalMs = LOADING_MESSAGE_ROTATE_MS, fill = false, className = '' }: LoadingMessageProps) {
  const list = typeof messages === 'string' ? [messages] : messages;
  const [tick, setTick] = useState(0);
  const count = list.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setTick((current) => current + 1), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs]);

  return (
    <div role="status" aria-live="polite" className={`flex items-center gap-3 text-sm text-slate-700 ${fill ? 'min-h-48 w-full flex-col justify-center py-12' : ''} ${className}`}>
      <Spinner size={fill ? 'lg' : 'md'} />
      <span>{list[tick % Math.max(count, 1)]}</span>
    </div>
  );
}
