// Prints the gzip size each route downloads on first load: the entry chunk plus the route's lazy
// chunk plus every chunk they import statically (CSS included). Run after `vite build`.
// Usage: node scripts/route-sizes.mjs [--max-login-kb 150]
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dir = new URL('../dist/assets/', import.meta.url).pathname;
const files = readdirSync(dir);
const gz = (f) => gzipSync(readFileSync(join(dir, f))).length;
const staticImports = (f) =>
  [...readFileSync(join(dir, f), 'utf8').matchAll(/(?:^|[;\s}])import\s*(?:[\w{},*\s$]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);

function closure(start) {
  const seen = new Set();
  const stack = [...start];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
}

const html = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8');
const entry = [...html.matchAll(/assets\/([^"']+\.js)/g)].map((m) => m[1]);
const entryCss = [...html.matchAll(/assets\/([^"']+\.css)/g)].map((m) => m[1]);
const base = closure(entry);
const kb = (n) => (n / 1024).toFixed(1);
const sum = (set) => [...set].reduce((a, f) => a + gz(f), 0);

const routes = ['login', 'signup', 'forget-password', 'main-layout', 'users', 'settings', 'later'];
const rows = [['entry (every page)', sum(base), entryCss.reduce((a, f) => a + gz(f), 0)]];
let loginTotal = 0;
for (const r of routes) {
  const chunk = files.find((f) => f.startsWith(`${r}-`) && f.endsWith('.js'));
  if (!chunk) continue;
  const own = [...closure([chunk])].filter((f) => !base.has(f));
  const css = files.filter((f) => f.startsWith(`${r}-`) && f.endsWith('.css'));
  const js = own.reduce((a, f) => a + gz(f), 0);
  rows.push([`+ ${r}`, js, css.reduce((a, f) => a + gz(f), 0)]);
  if (r === 'login') loginTotal = sum(base) + js;
}
console.log('route'.padEnd(24), 'JS gzip KB'.padStart(11), 'CSS gzip KB'.padStart(12));
for (const [name, js, css] of rows) console.log(name.padEnd(24), kb(js).padStart(11), kb(css).padStart(12));
console.log(`login route JS total: ${kb(loginTotal)} KB gzip`);
const i = process.argv.indexOf('--max-login-kb');
if (i > 0 && loginTotal / 1024 > Number(process.argv[i + 1])) {
  console.error(`login route is over ${process.argv[i + 1]} KB gzip`);
  process.exit(1);
}
