#!/usr/bin/env node
// `pnpm bench [health|dev|bundle ...]`: measures the performance budgets, prints a Markdown table and
// appends a dated section with the machine to docs/performance.md, then prints every budget of every issue
// with its last figure (scripts/bench/summary.mjs). It measures; it never fails the build for a budget (the
// exit code is non-zero only when a part could not run at all).
//   pnpm bench summary          the table of every budget, from docs/performance.md, measuring nothing
//   pnpm bench short            the quick parts (CI runs them on each change and keeps the tables)
//   --summary-out <file>        also write the run's table and the summary to <file> (a CI artifact)
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAudit } from './bench/audit.mjs';
import { runBundle } from './bench/bundle.mjs';
import { runCatalogue } from './bench/catalogue.mjs';
import { runComments } from './bench/comments.mjs';
import { runCountGrid, runCounts } from './bench/count-grid.mjs';
import { runDevStart } from './bench/dev-start.mjs';
import { runHealth } from './bench/health.mjs';
import { runInsights } from './bench/insights.mjs';
import { runLcp } from './bench/lcp.mjs';
import { describeMachine, formatNumber, NotMeasured, ROOT } from './bench/lib.mjs';
import { runLighthouse } from './bench/lighthouse.mjs';
import { runNotifications } from './bench/notifications.mjs';
import { runOverload } from './bench/overload.mjs';
import { runPlayer, runPlayerData } from './bench/player.mjs';
import { runPlaylists } from './bench/playlists.mjs';
import { runProcessing } from './bench/processing.mjs';
import { runScale } from './bench/scale.mjs';
import { summaryOf } from './bench/summary.mjs';
import { runTrc } from './bench/trc.mjs';

const PARTS = {
  health: runHealth,
  dev: runDevStart,
  bundle: runBundle,
  lcp: runLcp,
  lighthouse: runLighthouse,
  catalogue: runCatalogue,
  overload: runOverload,
  playlists: runPlaylists,
  player: runPlayer,
  'player-data': runPlayerData,
  processing: runProcessing,
  countgrid: runCountGrid,
  counts: runCounts,
  insights: runInsights,
  comments: runComments,
  audit: runAudit,
  notifications: runNotifications,
  scale: runScale,
  trc: runTrc,
};
// Quick parts that need no large data set: what CI measures on each change.
const SHORT = ['bundle', 'health', 'lcp'];
const REPORT = join(ROOT, 'docs/performance.md');

function readOptions(args) {
  const rest = args.filter((arg) => arg !== '--');
  const at = rest.indexOf('--summary-out');
  const summaryOut = at >= 0 ? rest[at + 1] : null;
  if (at >= 0) rest.splice(at, 2);
  return { names: rest.flatMap((name) => (name === 'short' ? SHORT : [name])), summaryOut };
}

function readParts(names) {
  const unknown = names.filter((name) => !(name in PARTS));
  if (unknown.length > 0) {
    console.error(
      `Unknown part: ${unknown.join(', ')}\nUsage: pnpm bench [${Object.keys(PARTS).join('|')} ...]`,
    );
    process.exit(2);
  }
  return names.length > 0 ? [...new Set(names)] : Object.keys(PARTS);
}

function renderVerdict(isWithin) {
  if (isWithin === null) return '';
  return isWithin ? 'yes' : '**no**';
}

function renderTable(rows) {
  const lines = ['| Measure | Result | Budget | Within budget |', '|---|---|---|---|'];
  for (const row of rows) {
    lines.push(`| ${row.measure} | ${row.result} | ${row.budget} | ${renderVerdict(row.isWithin)} |`);
  }
  return lines.join('\n');
}

function printSummary(summaryOut, runTable = '') {
  const summary = summaryOf(REPORT);
  console.log(`\nEvery budget, with its last figure in docs/performance.md:\n\n${summary}\n`);
  if (summaryOut) {
    const run = runTable ? `## This run\n\n${runTable}\n\n` : '';
    writeFileSync(summaryOut, `# pnpm bench\n\n${run}## Every budget\n\n${summary}\n`);
    console.log(`Summary written to ${summaryOut}`);
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  if (options.names.length === 1 && options.names[0] === 'summary') {
    printSummary(options.summaryOut);
    return;
  }
  const parts = readParts(options.names);
  const rows = [];
  const details = [];
  let hasFailed = false;
  for (const name of parts) {
    console.log(`\n== ${name}`);
    try {
      const result = await PARTS[name]();
      rows.push(...result.rows);
      details.push(...result.details);
    } catch (error) {
      const isSkip = error instanceof NotMeasured;
      hasFailed ||= !isSkip;
      const reason = String(error?.message ?? error);
      console.error(`${name}: ${isSkip ? 'not measured' : 'failed'}: ${reason}`);
      rows.push({
        measure: `${name}`,
        result: `not measured: ${reason.split('\n')[0]}`,
        budget: '',
        isWithin: null,
      });
    }
  }

  const machine = describeMachine();
  const now = new Date();
  const stamp = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const table = renderTable(rows);
  const section = [
    '',
    `### ${stamp}: \`pnpm bench ${parts.join(' ')}\``,
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${formatNumber(machine.memoryGiB, 1)} GiB memory, ` +
      `Node ${machine.node}, ${machine.platform}.`,
    '',
    table,
    '',
    ...details,
    '',
  ].join('\n');

  console.log(`\n${table}\n`);
  appendFileSync(REPORT, section);
  console.log(`Appended to ${REPORT}`);
  printSummary(options.summaryOut, [section.trim()].join(''));
  if (hasFailed) process.exitCode = 1;
}

await main();
