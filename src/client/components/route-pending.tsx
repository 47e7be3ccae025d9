// What shows while a screen waits for its data longer than a moment (a slow or failing connection).
import { LoadingMessage } from './ui/loading-message';

const ROUTE_LOADING_MESSAGES = ['Loading...', 'Still loading: the connection is slow.', 'Almost there. Thanks for waiting.'] as const;

export function RoutePending() {
  return <LoadingMessage messages={ROUTE_LOADING_MESSAGES} fill className="min-h-[50dvh]" />;
}
