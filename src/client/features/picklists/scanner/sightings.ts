// Tells a new scan from the same case still in front of the camera. The camera reads a held case about
// five times a second; only its first sighting counts, until the code has been out of view for `repeatMs`.
// (The window slides with each sighting: a wrong case held in view buzzes once, not every few seconds.)
export function createSightingFilter(repeatMs: number): (code: string, now: number) => boolean {
  let last: { code: string; at: number } | null = null;
  return (code, now) => {
    const stillInView = last !== null && last.code === code && now - last.at < repeatMs;
    last = { code, at: now };
    return !stillInView;
  };
}
