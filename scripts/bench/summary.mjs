// Every performance budget of every issue, with the last figure `pnpm bench` wrote for it in docs/performance.md
// and whether it held. The figures stay where the benches write them (the dated sections of performance.md, the
// one record); this file only knows which table row answers which budget (`match`, on the row's Measure cell).
import { readFileSync } from 'node:fs';

/**
 * One entry per budget. `part`: the `pnpm bench` part that measures it. `match`: the Measure cells that answer
 * it, newest wins. A budget settled without a figure (a test proves it) says so in `settled`.
 */
export const BUDGETS = [
  // Issue 2: foundation
  {
    issue: 2,
    part: 'dev',
    budget: '`pnpm dev` to all three apps answering: ≤ 20 s',
    match: /^`pnpm dev` to all three apps/,
  },
  {
    issue: 2,
    part: 'health',
    budget: '`/health` throughput ≥ 0.9 of bare Fastify (kept as a guard, issue 21)',
    match: /^`\/health` throughput, API with every global plugin/,
  },
  {
    issue: 2,
    part: 'bundle',
    budget: 'Member first page JavaScript ≤ 150 kB gzip',
    match: /^Member app first-page JavaScript/,
  },
  // Issue 3: catalogue
  {
    issue: 3,
    part: 'catalogue',
    budget: 'Filtered library page throughput ≥ 0.25 of hello-world',
    match: /^Filtered library page \(2 tags, level, bucket, sort\) throughput/,
  },
  {
    issue: 3,
    part: 'catalogue',
    budget: 'Filtered library page p99 ≤ 4× hello-world',
    match: /^Filtered library page p99/,
  },
  { issue: 3, part: 'catalogue', budget: 'Page 400 ≤ 1.5× page 1', match: /^Page 400 vs page 1/ },
  {
    issue: 3,
    part: 'catalogue',
    budget: 'Search p95 < 50 ms (common word)',
    match: /^Search p95, common word/,
  },
  {
    issue: 3,
    part: 'catalogue',
    budget: 'Search p95 < 50 ms (misspelled)',
    match: /^Search p95, misspelled/,
  },
  { issue: 3, part: 'lcp', budget: 'Home page LCP < 1.5 s (desktop)', match: /^Home page LCP, desktop/ },
  { issue: 3, part: 'lcp', budget: 'Home page LCP < 1.5 s (mobile size)', match: /^Home page LCP, mobile/ },
  // Issue 4: pipeline and player
  {
    issue: 4,
    part: 'player',
    budget: 'Click to first frame ≤ 1 s (desktop network)',
    match: /^Click on a card to first frame, desktop network, tuned start-up/,
  },
  {
    issue: 4,
    part: 'bundle',
    budget: 'Home route holds no hls.js',
    match: /^Home route JavaScript holds no hls\.js/,
  },
  {
    issue: 4,
    part: 'processing',
    budget: 'Local processing of a 60 s 1080p upload < 60 s (issue 21; was < 2 min)',
    match: /^Local processing of a 60 s 1080p upload/,
  },
  // Issue 5: playlists
  {
    issue: 5,
    part: 'playlists',
    budget: 'Reorder a 200-video playlist p95 < 50 ms',
    match: /^Reorder a 200-video playlist, p95/,
  },
  {
    issue: 5,
    part: 'playlists',
    budget: 'Reorder in one transaction',
    match: /^Reorder writes in one transaction/,
  },
  {
    issue: 5,
    part: 'playlists',
    budget: 'Load a 200-video playlist p95 < 30 ms',
    match: /^Load a 200-video playlist with tags, p95/,
  },
  // Issue 13: overload
  {
    issue: 13,
    part: 'overload',
    budget: 'Overload answers 503 in < 100 ms',
    match: /^Search burst, guard on \(default\): latency/,
  },
  // Issue 15: community
  {
    issue: 15,
    part: 'comments',
    budget: 'First page of comments (10,000) p95 < 20 ms',
    match: /^First page of comments/,
  },
  {
    issue: 15,
    part: 'comments',
    budget: 'A posted comment reaches another page < 300 ms',
    match: /^A posted comment reaches/,
  },
  // Issue 16: TRC
  {
    issue: 16,
    part: 'trc',
    budget: 'First page of a 30-page lesson plan < 1 s (desktop network)',
    match: /^First page of a 30-page lesson plan .*from the navigation/,
  },
  {
    issue: 16,
    part: 'trc',
    budget: 'First page from the click < 1 s',
    match: /^First page drawn from the click/,
  },
  {
    issue: 16,
    part: 'trc',
    budget: 'TRC list with filters (10,000) p95 < 30 ms',
    match: /^TRC list with filters on 10,000/,
  },
  // Issue 17: notifications and release audit
  {
    issue: 17,
    part: 'notifications',
    budget: 'Send to 100,000 members: request < 200 ms',
    match: /^Send a notification to 100,000/,
  },
  {
    issue: 17,
    part: 'notifications',
    budget: 'Send to 100,000 members: fan-out < 5 s',
    match: /^… its fan-out/,
  },
  {
    issue: 17,
    part: 'audit',
    budget: 'Audit series over 30 days of 1,000,000 events p95 < 100 ms',
    match: /^Audit time series/,
  },
  // Issue 18: insights
  {
    issue: 18,
    part: 'insights',
    budget: 'Reaction list (100,000 videos) p95 < 50 ms',
    match: /^Reaction list on 100,000 videos/,
  },
  {
    issue: 18,
    part: 'insights',
    budget: 'Overview of 90 days (100,000 members) p95 < 300 ms',
    match: /^Overview of 90 days on 100,000/,
  },
  {
    issue: 18,
    part: 'insights',
    budget: 'Sitemap of 100,000 videos < 2 s, streamed',
    match: /^Sitemap of 100,000 videos/,
  },
  // Issue 19: scale-out
  {
    issue: 19,
    part: 'scale',
    budget: 'Library page through Caddy + Redis ≥ 0.75 of one process',
    match: /^Library page through Caddy/,
  },
  { issue: 19, part: 'scale', budget: 'Rolling restart: 0 failed of ≥ 10,000', match: /^Rolling restart/ },
  // Issue 20: practice studio
  {
    issue: 20,
    part: 'countgrid',
    budget: 'Beat detection ≤ 10% of processing a 60 s upload',
    match: /^(Beat detection|Count grid of (60 s|a 60))/,
  },
  {
    issue: 20,
    part: 'countgrid',
    budget: 'Count display within one frame at 0.5×, 1×, 1.5×',
    match: /^Count display/,
  },
  { issue: 20, part: 'counts', budget: 'Loop jump: < 50 ms of frozen picture', match: /^Loop jump/ },
  // Issue 21: faster than the best
  {
    issue: 21,
    part: 'player',
    budget: 'Click to first frame ≤ 400 ms, desktop network, after a 300 ms hover',
    match: /^Click to first frame, desktop network, 300 ms hover/,
  },
  {
    issue: 21,
    part: 'player',
    budget: 'Click to first frame ≤ 150 ms, no throttling, after a 300 ms hover',
    match: /^Click to first frame, no throttling, 300 ms hover/,
  },
  {
    issue: 21,
    part: 'player',
    budget: 'First frame without hover ≤ 1.2× the physical floor (desktop network)',
    match: /^Click to first frame, desktop network, keyboard, no hover/,
  },
  {
    issue: 21,
    part: 'player',
    budget: 'No layout shift from the click to the first frame',
    match: /^Layout shift from the click/,
  },
  {
    issue: 21,
    part: 'processing',
    budget: 'SSIM of the 1080p rendition ≥ 0.95',
    match: /^SSIM of the 1080p rendition/,
  },
  {
    issue: 21,
    part: 'processing',
    budget: 'SSIM of the 720p rendition ≥ 0.95',
    match: /^SSIM of the 720p rendition/,
  },
  {
    issue: 21,
    part: 'processing',
    budget: 'Playable (360p) before ready (decision 0057)',
    match: /^Same upload: start to playable/,
  },
  {
    issue: 21,
    part: 'lighthouse',
    budget: 'LCP < 2.5 s, CLS < 0.1, INP < 200 ms on a slow phone',
    match: /^Slow phone Core Web Vitals, worst of/,
  },
  {
    issue: 21,
    part: 'lighthouse',
    budget: 'Lighthouse mobile performance score ≥ 90 on each page (goal)',
    match: /^Lighthouse mobile performance score, lowest of/,
  },
];

/** The table rows of docs/performance.md with their section's time and machine, oldest section first. */
export function readMeasurements(markdown) {
  const rows = [];
  let section = null;
  for (const line of markdown.split('\n')) {
    const heading = /^### (\d{4}-\d\d-\d\d \d\d:\d\d) UTC: `pnpm bench ([^`]*)`/.exec(line);
    if (heading) {
      section = { stamp: heading[1], parts: heading[2], machine: '' };
      continue;
    }
    if (line.startsWith('### ')) {
      section = null;
      continue;
    }
    if (!section) continue;
    if (line.startsWith('Machine: ')) section.machine = line.slice('Machine: '.length).replace(/\.$/, '');
    if (!line.startsWith('| ') || line.startsWith('| Measure |')) continue;
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split(' | ')
      .map((cell) => cell.trim());
    if (cells.length < 4 || /^-+$/.test(cells[0])) continue;
    const [measure, result, budget, verdict] = cells;
    rows.push({ ...section, measure, result, budget, verdict: verdict.replaceAll('*', '') });
  }
  return rows.sort((a, b) => a.stamp.localeCompare(b.stamp));
}

/** Each budget with its newest figure (`null` when no run measured it yet). */
export function summarise(markdown, budgets = BUDGETS) {
  const rows = readMeasurements(markdown);
  return budgets.map((entry) => {
    const measured = rows.filter(
      (row) => entry.match.test(row.measure) && !row.result.startsWith('not measured'),
    );
    return { ...entry, last: measured.at(-1) ?? null };
  });
}

function holds(last) {
  if (!last) return 'not measured';
  if (last.verdict === 'yes') return 'yes';
  if (last.verdict === 'no') return '**no**';
  return 'see figure';
}

/** The summary as a Markdown table: issue, budget, last figure, when and whether it held. */
export function renderSummary(summary) {
  const lines = [
    '| Issue | Budget | Last figure | Measured | Holds |',
    '|---|---|---|---|---|',
    ...summary.map(
      (entry) =>
        `| ${entry.issue} | ${entry.budget} | ${entry.last ? entry.last.result : ''} | ${
          entry.last ? `${entry.last.stamp} (\`pnpm bench ${entry.part}\`)` : `\`pnpm bench ${entry.part}\``
        } | ${holds(entry.last)} |`,
    ),
  ];
  return lines.join('\n');
}

export function summaryOf(reportPath) {
  return renderSummary(summarise(readFileSync(reportPath, 'utf8')));
}
