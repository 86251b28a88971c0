// `node --test scripts/bench/summary.test.mjs` (part of `pnpm test`): the budget table reads the newest figure.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from './lib.mjs';
import { BUDGETS, readMeasurements, renderSummary, summarise } from './summary.mjs';

const REPORT = `
### 2026-11-25 20:00 UTC: \`pnpm bench trc\`

Machine: AMD EPYC, 2 cores, 23.5 GiB memory, Node v24.21.0, linux x64.

| Measure | Result | Budget | Within budget |
|---|---|---|---|
| TRC list with filters on 10,000 items, worst p95 of 8 filter cases | 154 ms | < 30 ms | **no** |

### Teacher Resource Center: what changed (issue 16)

| Measure | Result | Budget | Within budget |
| TRC list with filters on 10,000 items, from a note | 1 ms | < 30 ms | yes |

### 2026-11-25 23:44 UTC: \`pnpm bench trc\`

| Measure | Result | Budget | Within budget |
|---|---|---|---|
| TRC list with filters on 10,000 items, worst p95 of 8 filter cases | 14.7 ms | < 30 ms | yes |

### 2026-11-25 21:00 UTC: \`pnpm bench trc\`

| Measure | Result | Budget | Within budget |
|---|---|---|---|
| TRC list with filters on 10,000 items, worst p95 of 8 filter cases | 99 ms | < 30 ms | **no** |
`;

test('the newest dated figure answers a budget; rows outside dated sections are not figures', () => {
  const rows = readMeasurements(REPORT);
  assert.equal(rows.length, 3);
  assert.equal(rows[0].machine, 'AMD EPYC, 2 cores, 23.5 GiB memory, Node v24.21.0, linux x64');
  const [trcList] = summarise(REPORT, [
    { issue: 16, part: 'trc', budget: 'TRC list', match: /^TRC list with filters on 10,000/ },
  ]);
  assert.equal(trcList.last.result, '14.7 ms');
  assert.equal(trcList.last.stamp, '2026-11-25 23:44');
  assert.match(
    renderSummary([trcList]),
    /\| 16 \| TRC list \| 14\.7 ms \| 2026-11-25 23:44 \(`pnpm bench trc`\) \| yes \|/,
  );
});

test('a budget no run measured says so', () => {
  const [none] = summarise(REPORT, [{ issue: 21, part: 'player', budget: 'First frame', match: /^Nothing/ }]);
  assert.equal(none.last, null);
  assert.match(renderSummary([none]), /not measured \|$/);
});

test('every budget of the registry is found in docs/performance.md or is a budget of an open issue', () => {
  const summary = summarise(readFileSync(join(ROOT, 'docs/performance.md'), 'utf8'), BUDGETS);
  const unmeasured = summary.filter((entry) => !entry.last).map((entry) => entry.issue);
  // Issue 21's budgets are measured by benches that arrive with it; every other one has a figure.
  assert.deepEqual(
    [...new Set(unmeasured)].filter((issue) => issue !== 21),
    [],
  );
});

test('the slow-phone budgets read the lighthouse part’s summary rows, not its per-page rows', () => {
  const report = `
### 2026-11-26 05:00 UTC: \`pnpm bench lighthouse\`

| Measure | Result | Budget | Within budget |
|---|---|---|---|
| Lighthouse mobile, home \`/\` (median run of 3) | score 91, LCP 2.10 s, CLS 0.000, TBT 120 ms | LCP < 2.5 s, CLS < 0.1; goal score ≥ 90 | yes |
| Slow phone INP, starting playback (\`/PlayerPage\`) (p75 of 5) | 96 ms | < 200 ms | yes |
| Slow phone Core Web Vitals, worst of home, library and player | LCP 2.40 s, CLS 0.002, INP 150 ms (load 1.00 / 1.00 / 1.00) | LCP < 2.5 s, CLS < 0.1, INP < 200 ms | yes |
| Lighthouse mobile performance score, lowest of home, library and player | 84 | ≥ 90 (goal) | **no** |
`;
  const slowPhone = BUDGETS.filter((entry) => entry.part === 'lighthouse');
  const [vitals, score] = summarise(report, slowPhone);
  assert.match(vitals.last.result, /^LCP 2\.40 s, CLS 0\.002, INP 150 ms/);
  assert.equal(vitals.last.verdict, 'yes');
  assert.equal(score.last.result, '84');
  assert.equal(score.last.verdict, 'no');
});
