// One JSON call to an outside system with the rules every connector shares: a timeout per attempt, retries
// with exponential backoff for 5xx, timeouts and network errors, a 429's Retry-After honoured, and an overall
// deadline after which the call fails as a timeout. Failures become ConnectorErrors whose message names the
// call by a label the caller chose (never the URL, which may carry credentials).
import pRetry, { AbortError } from 'p-retry';
import { ConnectorError } from './connector-error';

export type FetchLike = (input: URL | string, init: RequestInit) => Promise<Response>;

export type HttpJsonOptions = {
  /** The transport: global fetch for real systems, a simulator's handler in the embedded default and tests. */
  fetch: FetchLike;
  /** Names the call in errors and logs: 'Metrc GET /packages/v2/active'. */
  label: string;
  signal?: AbortSignal;
  /** One attempt's limit. */
  timeoutMs?: number;
  /** The whole call's limit, retries and waits included. */
  deadlineMs?: number;
  retries?: number;
  /** The first backoff; it doubles with each retry. */
  minBackoffMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate-limited. */
  maxRetryAfterMs?: number;
};

const DEFAULTS = { timeoutMs: 30_000, deadlineMs: 120_000, retries: 4, minBackoffMs: 500, maxRetryAfterMs: 60_000 };

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

class RetryableStatus extends Error {
  constructor(
    readonly status: number,
    readonly waitMs: number | null,
  ) {
    super(`status ${status}`);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A signal that aborts after `ms` or with `parent`, and `clear` to stop its timer and let go of the parent once
 * the call is over. AbortSignal.timeout would hold each signal, and all that listens to it, until its timer
 * fired: an import's 10,000 lab calls kept some 200 MB alive for the two minutes of their deadline.
 */
function timeoutSignal(ms: number, parent?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean; clear: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms);
  const onParentAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}

export async function fetchJson(url: URL, init: RequestInit, options: HttpJsonOptions): Promise<unknown> {
  const settings = { ...DEFAULTS, ...options };
  const deadline = timeoutSignal(settings.deadlineMs, options.signal);
  const overall = deadline.signal;
  const startedAt = Date.now();

  const attemptWithin = async (attemptSignal: AbortSignal): Promise<unknown> => {
    let response: Response;
    try {
      response = await settings.fetch(url, { ...init, signal: attemptSignal });
    } catch (error) {
      if (options.signal?.aborted) throw new AbortError(options.signal.reason instanceof Error ? options.signal.reason : 'cancelled');
      if (attemptSignal.aborted) throw new ConnectorError('timeout', `${settings.label} did not answer within ${Math.round(settings.timeoutMs / 1000)} s.`);
      throw new ConnectorError('network', `${settings.label} could not be reached (${(error as Error).message}).`);
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new RetryableStatus(response.status, response.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : null);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const failure = response.status === 401 || response.status === 403 ? 'unauthorized' : response.status === 404 ? 'not-found' : 'rejected';
      const what = failure === 'unauthorized' ? 'refused our credentials' : failure === 'not-found' ? 'does not know what we asked for' : 'refused the request';
      throw new AbortError(new ConnectorError(failure, `${settings.label} ${what} (HTTP ${response.status}).`, response.status));
    }
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AbortError(new ConnectorError('malformed', `${settings.label} answered with something that is not JSON.`, response.status));
    }
  };
  // One attempt's limit covers its answer's body too.
  const attempt = async (): Promise<unknown> => {
    const attemptTimeout = timeoutSignal(settings.timeoutMs, overall);
    try {
      return await attemptWithin(attemptTimeout.signal);
    } finally {
      attemptTimeout.clear();
    }
  };

  try {
    return await pRetry(attempt, {
      retries: settings.retries,
      minTimeout: settings.minBackoffMs,
      factor: 2,
      randomize: true,
      signal: overall,
      // p-retry backs off by its own schedule; a 429 says how long to wait, so that wait comes first.
      onFailedAttempt: async ({ error, retriesLeft }) => {
        if (error instanceof RetryableStatus && error.status === 429 && error.waitMs !== null && retriesLeft > 0) {
          if (error.waitMs > settings.maxRetryAfterMs || Date.now() - startedAt + error.waitMs > settings.deadlineMs) {
            throw new ConnectorError('rate-limited', `${settings.label} asked us to wait ${Math.ceil(error.waitMs / 1000)} s, longer than the import allows.`, 429);
          }
          await sleep(error.waitMs, overall);
        }
      },
      shouldRetry: ({ error }) => error instanceof RetryableStatus || (error instanceof ConnectorError && (error.failure === 'timeout' || error.failure === 'network')),
    });
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    if (error instanceof RetryableStatus) {
      throw error.status === 429
        ? new ConnectorError('rate-limited', `${settings.label} kept answering 429 Too Many Requests.`, 429)
        : new ConnectorError('server', `${settings.label} failed with HTTP ${error.status} after ${settings.retries + 1} attempts.`, error.status);
    }
    if (options.signal?.aborted) throw options.signal.reason instanceof Error ? options.signal.reason : new Error('cancelled');
    if (deadline.timedOut()) throw new ConnectorError('timeout', `${settings.label} did not complete within ${Math.round(settings.deadlineMs / 1000)} s.`);
    throw error;
  } finally {
    deadline.clear();
  }
}
