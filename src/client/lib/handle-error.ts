// The one way the client reports a failure: ignore aborts, otherwise toast the server's message or the
// screen's fallback.
import { showToast } from '../components/ui/toast';
import { ApiError } from './api-client';

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  if (error instanceof ApiError && error.isNetworkError) return error.message;
  return fallback;
}

export function handleError(error: unknown, fallbackMessage: string, options: { description?: string; durationMs?: number } = {}): void {
  if (isAbort(error)) return;
  showToast({ tone: 'error', title: errorMessage(error, fallbackMessage), description: options.description, durationMs: options.durationMs });
}
