import { chromium } from '@playwright/test';
const base = 'http://localhost:3701';
const [,, email = 'dancer@demo.test', path = '', out = 'player', width = '1280', height = '800'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: Number(width), height: Number(height) } });
const p = await ctx.newPage();
p.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
if (email !== 'guest') {
  const r = await p.request.post(`${base}/api/v1/auth/login`, { data: { email, password: 'Dance123!' } });
  console.log('login', r.status());
}
let target = path;
if (!target) {
  const home = await (await p.request.get(`${base}/api/v1/home`)).json();
  target = `/PlayerPage?v=${home.groups.find((g) => g.name === 'Recent Releases').videos[0].id}`;
}
await p.goto(base + target);
await p.waitForTimeout(Number(process.env.WAIT ?? 5000));
const info = await p.evaluate(() => { const v = document.querySelector('video'); return v ? { t: v.currentTime, rs: v.readyState, d: v.duration, err: v.error?.message } : null; });
console.log(target, JSON.stringify(info));
await p.screenshot({ path: `/tmp/p4shots/${out}.png`, fullPage: true });
await b.close();
