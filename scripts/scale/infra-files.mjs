// The deployment files parse, and say what the proof runs: every YAML of infra/ and .github/workflows/, the
// Grafana dashboard JSON, the alert rules' metric names, the roles and probes. Runs first in `pnpm test:scale`,
// even when the engines are missing, so CI always checks them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from '../bench/lib.mjs';

/** The metric names the API exports (the metrics module): dashboards and alerts may only use these. */
export const METRIC_NAMES = [
  'dance_http_requests_total',
  'dance_http_request_duration_seconds',
  'dance_db_pool_',
  'dance_jobs_queue_depth',
  'dance_jobs_oldest_age_seconds',
  'dance_deliveries_total',
  'dance_release_failures_total',
  'dance_rate_limit_store_errors_total',
  // prom-client's default process metrics, prefixed.
  'dance_process_',
];

function yamlFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(dir, f));
}

function parseYaml(path) {
  const docs = parseAllDocuments(readFileSync(path, 'utf8'));
  for (const doc of docs) if (doc.errors.length) throw new Error(`${path}: ${doc.errors[0].message}`);
  return docs.map((d) => d.toJS()).filter(Boolean);
}

/** Every dance_* metric name an expression uses, with the _bucket/_sum/_count suffixes removed. */
function metricsIn(text) {
  return [...text.matchAll(/\bdance_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, ''));
}

const known = (name) => METRIC_NAMES.some((m) => (m.endsWith('_') ? name.startsWith(m) : name === m));

export function checkInfraFiles() {
  const problems = [];
  const expect = (cond, message) => {
    if (!cond) problems.push(message);
  };
  const files = [...yamlFiles(join(ROOT, 'infra')), ...yamlFiles(join(ROOT, '.github/workflows'))];
  const parsed = new Map();
  for (const file of files) {
    try {
      parsed.set(file.slice(ROOT.length + 1), parseYaml(file));
    } catch (error) {
      problems.push(error.message);
    }
  }

  const compose = parsed.get('infra/compose.yaml')?.[0];
  expect(compose, 'infra/compose.yaml is missing');
  if (compose) {
    const s = compose.services ?? {};
    const roles = (role) => Object.keys(s).filter((name) => s[name].environment?.APP_ROLE === role);
    expect(roles('web').length >= 2, 'compose: two web replicas (APP_ROLE=web)');
    expect(roles('worker').length >= 1, 'compose: a worker (APP_ROLE=worker)');
    const upstreams = String(s.caddy?.environment?.API_UPSTREAMS ?? '');
    for (const name of roles('web'))
      expect(upstreams.includes(`${name}:3000`), `compose: Caddy's API_UPSTREAMS lists ${name}`);
    for (const name of ['postgres', 'redis', 'caddy', 'migrate', 'member-render'])
      expect(s[name], `compose: a ${name} service`);
    expect(
      String(s.caddy?.environment?.MEMBER_RENDER ?? '').startsWith('member-render:'),
      "compose: Caddy's MEMBER_RENDER names the member-render service",
    );
  }

  const k8s = [...parsed.entries()].filter(([f]) => f.startsWith('infra/k8s/')).flatMap(([, docs]) => docs);
  const kinds = (kind) => k8s.filter((d) => d.kind === kind);
  expect(kinds('CronJob').length === 0, 'k8s: no CronJob (pg-boss schedules)');
  expect(kinds('HorizontalPodAutoscaler').length >= 1, 'k8s: a HorizontalPodAutoscaler for web');
  expect(kinds('Job').length >= 1, 'k8s: a migration Job');
  const deployments = kinds('Deployment');
  const roleOf = (d) =>
    d.spec?.template?.spec?.containers?.[0]?.env?.find((e) => e.name === 'APP_ROLE')?.value ?? null;
  const web = deployments.find((d) => roleOf(d) === 'web');
  expect(web, 'k8s: a Deployment with APP_ROLE=web');
  expect(
    deployments.some((d) => roleOf(d) === 'worker'),
    'k8s: a Deployment with APP_ROLE=worker',
  );
  const probes = web?.spec?.template?.spec?.containers?.[0];
  expect(probes?.readinessProbe?.httpGet?.path === '/ready', 'k8s: web readiness on /ready');
  expect(probes?.livenessProbe?.httpGet?.path === '/health', 'k8s: web liveness on /health');

  const rules = parsed.get('infra/observability/alerts.yaml')?.[0];
  expect(rules?.groups?.length, 'infra/observability/alerts.yaml: Prometheus rule groups');
  for (const group of rules?.groups ?? []) {
    for (const rule of group.rules ?? []) {
      expect(rule.alert && rule.expr, `alerts: a rule without alert/expr in ${group.name}`);
      for (const name of metricsIn(String(rule.expr))) expect(known(name), `alerts: unknown metric ${name}`);
    }
  }
  const alertsText = JSON.stringify(rules ?? {});
  for (const signal of [
    'dance_http_requests_total',
    'dance_http_request_duration_seconds',
    'dance_jobs_oldest_age_seconds',
    'dance_db_pool_',
    'dance_release_failures_total',
  ])
    expect(alertsText.includes(signal), `alerts: a rule on ${signal}`);

  const dashboardPath = join(ROOT, 'infra/observability/grafana-dashboard.json');
  try {
    const dashboard = JSON.parse(readFileSync(dashboardPath, 'utf8'));
    expect(dashboard.panels?.length >= 5, 'dashboard: at least five panels');
    for (const panel of dashboard.panels ?? [])
      for (const target of panel.targets ?? [])
        for (const name of metricsIn(String(target.expr ?? '')))
          expect(known(name), `dashboard: unknown metric ${name} in ${panel.title}`);
  } catch (error) {
    problems.push(`infra/observability/grafana-dashboard.json: ${error.message}`);
  }

  const workflow = parsed.get('.github/workflows/ci.yml')?.[0];
  const services = workflow?.jobs?.test?.services ?? {};
  expect(services.postgres && services.redis, 'workflow: PostgreSQL and Redis service containers');
  expect(
    JSON.stringify(workflow ?? {}).includes('docker/build-push-action'),
    'workflow: builds the images with docker/build-push-action',
  );

  const caddyfile = readFileSync(join(ROOT, 'infra/Caddyfile'), 'utf8');
  for (const directive of ['health_uri /ready', 'lb_try_duration', 'lb_try_interval'])
    expect(caddyfile.includes(directive), `infra/Caddyfile: ${directive} (as the proof's Caddyfile)`);

  // Docker's own reading of the compose file where the compose plugin is installed (GitHub's runners); it
  // needs no daemon.
  const hasCompose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;
  if (hasCompose) {
    const config = spawnSync('docker', ['compose', '-f', 'infra/compose.yaml', 'config', '-q'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, POSTGRES_PASSWORD: 'check' },
    });
    expect(config.status === 0, `docker compose config: ${config.stderr.trim()}`);
  }

  return { files: files.length, problems, hasCompose };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, problems } = checkInfraFiles();
  for (const p of problems) console.log(`FAIL infra: ${p}`);
  console.log(
    problems.length
      ? `${problems.length} problem(s)`
      : `PASS infra files: ${files} YAML files parse, dashboard and alerts use known metrics`,
  );
  process.exit(problems.length ? 1 : 0);
}
