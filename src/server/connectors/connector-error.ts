// A seed-to-sale, ERP or lab call that failed. The message is safe to store on the import and show a
// Market Admin: it names the system, the call and what went wrong, never a key, password or session.
export type ConnectorFailure = 'timeout' | 'rate-limited' | 'server' | 'rejected' | 'unauthorized' | 'not-found' | 'malformed' | 'too-many-pages' | 'network';

export class ConnectorError extends Error {
  constructor(
    readonly failure: ConnectorFailure,
    message: string,
    /** The HTTP status the system answered, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}
