import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * Records an admin change. Call it inside the same transaction as the change, so a change is never without
 * its record (nor a record without its change).
 */
export async function recordAudit(
  db: DbOrTx,
  request: Pick<FastifyRequest, 'id'>,
  entry: {
    actorId: string;
    action: 'create' | 'update' | 'delete' | string;
    entity: string;
    entityId?: string;
    changes?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    ...entry,
    entityId: entry.entityId ?? null,
    changes: entry.changes ?? {},
    requestId: request.id,
  });
}
