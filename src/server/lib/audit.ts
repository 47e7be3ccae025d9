// The audit log: every state change, with who made it, in which market, and the before and after.
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/** Who made a change: a request's context is one; work outside a request names its own request id. */
export type AuditActor = { requestId: string | null; caller?: { id: string } | null; market?: { id: number } | null };

export type AuditEntry = {
  entityType: string;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
};

export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    marketId: actor.market?.id ?? null,
    actorUserId: actor.caller?.id ?? null,
    requestId: actor.requestId,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
