// The audit log: every state change, with who made it, in which market, and the before and after.
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditActor = { userId: string | null; marketId: number | null; requestId: string | null };

export type AuditEntry = {
  entityType: string;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
};

export function auditActorOf(request: FastifyRequest): AuditActor {
  return { userId: request.caller?.id ?? null, marketId: request.market?.id ?? null, requestId: String(request.id) };
}

export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    marketId: actor.marketId,
    actorUserId: actor.userId,
    requestId: actor.requestId,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
