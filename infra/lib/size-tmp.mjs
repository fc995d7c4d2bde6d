import { bundleFunction } from './bundle-function.mjs';
const r = await bundleFunction(process.argv[2], '/tmp/s19/bt');
const by = {};
for (const [f, i] of Object.entries(r.inputs)) { const m = f.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/); const k = m ? m[1] : f.startsWith('shared') ? 'shared' : 'functions'; by[k] = (by[k] ?? 0) + i.bytesInOutput; }
console.log((r.bytes/1024).toFixed(0), Object.entries(by).sort((a,b)=>b[1]-a[1]).map(([k,v])=>`${k}:${(v/1024).toFixed(1)}`).join(' '));
const z = Object.entries(r.inputs).filter(([f])=>f.includes('zod')).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).slice(0,12);
console.log(z.map(([f,i])=>f.replace(/.*zod\//,'')+' '+(i.bytesInOutput/1024).toFixed(1)).join(', '));
