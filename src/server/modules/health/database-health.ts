// Whether the database answers, as health reports it, at most one probe a second however often health is
// asked (load balancers and monitors ask many times a second), and never waiting long: a health check that
// queues behind a flood of list queries is a load balancer taking a working server out of rotation.

/** A result this young is answered as it is. */
const HEALTH_CACHE_MS = 1_000;
/** A probe that has not answered by then counts as the database being unavailable. */
const HEALTH_PROBE_TIMEOUT_MS = 2_000;

export type DatabaseHealthSource = {
  /** One cheap round trip. */
  probe(): Promise<void>;
  /** Whether other work succeeded within the last `ms` (PGlite's gate knows): proof enough, with no probe. */
  succeededWithin?(ms: number): boolean;
};

export type DatabaseHealth = { check(): Promise<boolean> };

export function createDatabaseHealth(
  source: DatabaseHealthSource,
  { cacheMs = HEALTH_CACHE_MS, timeoutMs = HEALTH_PROBE_TIMEOUT_MS, now = Date.now }: { cacheMs?: number; timeoutMs?: number; now?: () => number } = {},
): DatabaseHealth {
  let known: { ok: boolean; at: number } | null = null;
  /** The probe itself, until it settles: a slow one is never doubled by the checks that gave up on it. */
  let probing: Promise<boolean> | null = null;
  /** The check every concurrent ask shares: the probe, or false at the timeout. */
  let checking: Promise<boolean> | null = null;

  const remember = (ok: boolean) => {
    known = { ok, at: now() };
    return ok;
  };

  function probeOnce(): Promise<boolean> {
    probing ??= source.probe().then(
      () => true,
      () => false,
    );
    const current = probing;
    void current.then(() => {
      if (probing === current) probing = null;
    });
    return current;
  }

  function checkWithTimeout(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
    });
    return Promise.race([probeOnce(), timedOut]).then((ok) => {
      clearTimeout(timer);
      checking = null;
      return remember(ok);
    });
  }

  return {
    check() {
      if (known && now() - known.at < cacheMs) return Promise.resolve(known.ok);
      if (source.succeededWithin?.(cacheMs)) return Promise.resolve(remember(true));
      checking ??= checkWithTimeout();
      return checking;
    },
  };
}
