import { test } from 'vitest';
import { codeAccess } from '../lib/code-access';
import { functionEntry } from '../lib/paths';
import { readdirSync } from 'node:fs';
test('x', () => {
  const mods = [...readdirSync('functions/src/http').filter(f=>!f.includes('test')&&!['routes.ts','endpoint.ts'].includes(f)).map(f=>'http/'+f.slice(0,-3)), ...readdirSync('functions/src/workers').filter(f=>!f.includes('test')&&f!=='streams.ts').map(f=>'workers/'+f.slice(0,-3)), 'ws/handler'];
  for (const m of mods) { const a = codeAccess(functionEntry(m)); console.log(m.padEnd(26), a.files.length, a.table.map(x=>x.slice(9)).join(','), '|', a.media.join(','), '|', a.queues.join(','), '|', a.secrets.join(','), '|', a.channelSecrets ?? '-', a.realtime ? 'ws' : '', a.mail ? 'mail' : ''); }
  const h = codeAccess(require('node:path').resolve('session-host/src/main.ts')); console.log('HOST', h.files.length, h.table.join(','), h.media, h.queues, h.secrets, h.realtime);
});
