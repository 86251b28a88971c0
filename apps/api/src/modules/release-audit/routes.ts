import { releaseAuditEndpoints as endpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { RangeFilter } from './queries';
import { auditEventsCsv, auditEventsPage, auditSummary, auditTimeseries } from './service';

const rangeOf = (q: { from: string; to: string; fieldType?: string; status?: RangeFilter['status'] }) => ({
  from: new Date(q.from),
  to: new Date(q.to),
  fieldType: q.fieldType,
  status: q.status,
});

/** The release audit (spec 3 §2 /AdminDashboard/release-audit): events, totals, time series, CSV export. */
export async function releaseAuditRoutes(app: FastifyInstance) {
  route(app, endpoints.events, async (request) =>
    auditEventsPage(app.db, rangeOf(request.query), request.query.page, request.query.limit),
  );
  route(app, endpoints.summary, async (request) => auditSummary(app.db, rangeOf(request.query)));
  route(app, endpoints.timeseries, async (request) =>
    auditTimeseries(app.db, rangeOf(request.query), request.query.interval, request.query.metric),
  );
  route(app, endpoints.exportCsv, async (request, reply) => {
    const { from, to } = request.query;
    const name = `release-audit-${from.slice(0, 10)}-to-${to.slice(0, 10)}.csv`;
    reply.type('text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${name}"`);
    reply.header('cache-control', 'no-store');
    // A stream is sent as it is, without the contract's serialiser.
    return auditEventsCsv(app.db, rangeOf(request.query)) as unknown as string;
  });
}
