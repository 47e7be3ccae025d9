// The login page's short product video, muted and looping; under prefers-reduced-motion it stays paused
// on its first frame.
import { useEffect, useRef } from 'react';

export function LoginBackground() {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const apply = () => {
      if (motion.matches) element.pause();
      else void element.play().catch(() => undefined);
    };
    apply();
    motion.addEventListener('change', apply);
    return () => motion.removeEventListener('change', apply);
  }, []);

  return (
    <div aria-hidden="true" className="fixed inset-0 -z-10 overflow-hidden bg-brand-950">
      <video
        ref={video}
        className="size-full object-cover opacity-70"
        src="/login-background.webm"
        poster="/login-background.jpg"
        muted
        loop
        playsInline
        preload="metadata"
      />
      <div className="absolute inset-0 bg-gradient-to-b from-brand-950/40 via-brand-950/60 to-brand-950/90" />
    </div>
  );
}
