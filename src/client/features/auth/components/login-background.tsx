// The login page's background. A short product video, muted and looping, only where it costs nothing: not
// on a phone, not under prefers-reduced-motion or Save-Data, not on a slow connection. Elsewhere the
// poster (the video's first frame; on a phone its light portrait crop), which index.html's sign-in first
// paint shows too, so that nothing moves when React takes over. The poster is scenery: it is asked for at
// low priority, after the panel's text and the sign-in data.
import { useEffect, useRef, useSyncExternalStore } from 'react';

const PHONE_QUERY = '(max-width: 767px)';
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** The Network Information API's effective types too slow to stream a background video on. */
const SLOW_CONNECTIONS = ['slow-2g', '2g', '3g'];

type NetworkInformation = EventTarget & { saveData?: boolean; effectiveType?: string };
type VideoConditions = { phone: boolean; reducedMotion: boolean; saveData: boolean; effectiveType?: string };

export function videoAllowed({ phone, reducedMotion, saveData, effectiveType }: VideoConditions): boolean {
  return !phone && !reducedMotion && !saveData && !SLOW_CONNECTIONS.includes(effectiveType ?? '');
}

const connection = () => (navigator as Navigator & { connection?: NetworkInformation }).connection;

function currentlyAllowed(): boolean {
  return videoAllowed({
    phone: window.matchMedia(PHONE_QUERY).matches,
    reducedMotion: window.matchMedia(REDUCED_MOTION_QUERY).matches,
    saveData: connection()?.saveData === true,
    effectiveType: connection()?.effectiveType,
  });
}

function subscribe(onChange: () => void): () => void {
  const queries = [window.matchMedia(PHONE_QUERY), window.matchMedia(REDUCED_MOTION_QUERY)];
  for (const query of queries) query.addEventListener('change', onChange);
  connection()?.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
    connection()?.removeEventListener('change', onChange);
  };
}

export function LoginBackground() {
  const allowed = useSyncExternalStore(subscribe, currentlyAllowed, () => false);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (allowed) void video.current?.play().catch(() => undefined);
  }, [allowed]);

  return (
    <div aria-hidden="true" className="fixed inset-0 -z-10 overflow-hidden bg-brand-950">
      {allowed ? (
        <video ref={video} className="size-full object-cover opacity-70" src="/login-background.webm" poster="/login-background.jpg" muted loop playsInline preload="metadata" />
      ) : (
        <picture>
          <source media={PHONE_QUERY} srcSet="/login-background-portrait.webp" type="image/webp" />
          <img className="size-full object-cover opacity-70" src="/login-background.jpg" alt="" fetchPriority="low" />
        </picture>
      )}
      <div className="absolute inset-0 bg-gradient-to-b from-brand-950/40 via-brand-950/60 to-brand-950/90" />
    </div>
  );
}
