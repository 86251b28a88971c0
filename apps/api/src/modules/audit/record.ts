import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** What an audit record needs of the request: its id, which ties the record to the request's log lines. */
export type AuditRequest = Pick<FastifyRequest, 'id'>;

/** An admin's change: the database, the request (its id goes in the audit record) and who acts. */
export interface AdminChange {
  db: Db;
  request: AuditRequest;
  actorId: string;
}

/**
 * Records an admin change. Call it inside the same transaction as the change, so a change is never without
 * its record (nor a record without its change).
 */
export async function recordAudit(
  db: DbOrTx,
  request: AuditRequest,
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
