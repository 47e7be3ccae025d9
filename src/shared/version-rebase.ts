// How a run of edits made offline stands on the versions their predecessors produced. A device makes its
// edits one on top of another, but each records the version it was made on as the device last saw it
// from the server. When an edit made on version b is applied as version V, every later edit of that
// device made on b was in fact made on top of it, so it stands on V. The outbox (between calls) and the
// server (inside one call carrying several edits) follow the same moves.

export class VersionRebases {
  private readonly moves = new Map<string, Map<number, number>>();

  /** The version an edit of `resource` made on `base` stands on now. */
  current(resource: string, base: number | null): number | null {
    const moves = this.moves.get(resource);
    let version = base;
    // Versions only grow, so the chain ends; the bound guards against a server that says otherwise.
    for (let step = 0; version !== null && moves?.has(version) && step < 10_000; step += 1) version = moves.get(version)!;
    return version;
  }

  /** An edit standing on `from` was applied and produced `to`. */
  record(resource: string, from: number, to: number): void {
    if (from === to) return;
    let moves = this.moves.get(resource);
    if (!moves) this.moves.set(resource, (moves = new Map()));
    moves.set(from, to);
  }
}
