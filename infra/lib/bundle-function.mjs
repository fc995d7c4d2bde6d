/**
 * One Lambda handler bundled for AWS (issue 24: small bundles, a fast cold start), as AppFunction
 * deploys it and `npm run bench` prints it:
 *
 * - ESM, minified, Node 24, an external source map (NODE_OPTIONS --enable-source-maps), with a
 *   `createRequire` banner for the CommonJS packages bundled (nodemailer).
 * - The AWS SDK v3 clients come from the Lambda runtime (it ships them), not the bundle: the
 *   @aws-sdk/* and @smithy/* packages stay external, except the two presigners the runtime may
 *   not carry (s3-request-presigner, s3-presigned-post), bundled with what they import.
 * - zod: only its English messages (the 40 other locales it exports are never used: our messages
 *   come from @conversa/shared), and not its JSON-Schema conversion or its schema compiler
 *   (no code here converts schemas or compiles them); what is left out throws if ever called.
 *
 *   node infra/lib/bundle-function.mjs <entry.ts> <outdir>   → <outdir>/index.mjs, chunks/ (+ maps); prints the sizes
 *
 * `bytes` is what a cold start loads (the entry and its static chunks); `total` adds the lazy chunks.
 */
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ZOD = dirname(require.resolve('zod/package.json'));

/** Bundled even though they are AWS SDK packages (not certain to be in the runtime). */
const BUNDLED_SDK = ['@aws-sdk/s3-request-presigner', '@aws-sdk/s3-presigned-post'];

const leftOut = (what) => `export default undefined; const gone = () => { throw new Error('zod: ${what} is not in this bundle (infra/lib/bundle-function.mjs)'); };`;

/** zod modules replaced in the bundle, by their path inside the package. */
const ZOD_REPLACEMENTS = {
  'v4/locales/index.js': `export { default as en } from ${JSON.stringify(join(ZOD, 'v4/locales/en.js'))};`,
  'v4/core/compile.js': `${leftOut('the schema compiler')} export const INVALID = Symbol('INVALID'); export class ZodCompileAsyncError extends Error {} export class ZodCompileUnsupportedError extends Error {} export const compile = gone; export const withParser = gone; export const compileFn = gone;`,
  'v4/classic/from-json-schema.js': `${leftOut('fromJSONSchema')} export const fromJSONSchema = gone;`,
  'v4/core/to-json-schema.js': `${leftOut('toJSONSchema')} export const initializeContext = gone, handleUnrepresentable = gone, processSchema = gone, process = gone, extractDefs = gone, finalize = gone; export const createToJSONSchemaMethod = () => gone; export const createStandardJSONSchemaMethod = () => gone;`,
  'v4/core/json-schema-processors.js': `${leftOut('toJSONSchema')} export const toJSONSchema = gone;`,
  'v4/core/json-schema-generator.js': `${leftOut('JSONSchemaGenerator')} export class JSONSchemaGenerator { constructor() { gone(); } }`,
};

/** zod's processors module is read as a namespace (`processors.xProcessor`): every name it had resolves to the thrower. */
const zodSlim = {
  name: 'zod-slim',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/].*\.js$/ }, (args) => {
      const rel = args.path.slice(args.path.lastIndexOf(`${'node_modules'}`) + 'node_modules/zod/'.length).split('\\').join('/');
      const contents = ZOD_REPLACEMENTS[rel];
      if (!contents) return undefined;
      if (rel === 'v4/core/json-schema-processors.js') {
        // Keep the exported names (schemas reference them lazily), each one the thrower.
        const names = [...require('node:fs').readFileSync(args.path, 'utf8').matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
        return { contents: `${leftOut('toJSONSchema')} ${names.map((n) => `export const ${n} = gone;`).join(' ')}`, loader: 'js' };
      }
      return { contents, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/** The runtime's SDK: every @aws-sdk/* and @smithy/* import but the presigners (and what only they import is bundled with them). */
const runtimeSdk = {
  name: 'runtime-sdk',
  setup(b) {
    b.onResolve({ filter: /^@(aws-sdk|smithy)\// }, (args) => {
      if (BUNDLED_SDK.some((p) => args.path === p || args.path.startsWith(`${p}/`))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * An API group's Lambda carries only its own rows of the route table (functions/src/http/routes.ts,
 * read by endpoint-core.ts to know a route's permission and plan): API Gateway sends it nothing
 * else. The table is compiled once per build (esbuild, in memory) and its group's rows written in.
 */
async function groupRoutes(group) {
  const routesTs = join(dirname(fileURLToPath(import.meta.url)), '../../functions/src/http/routes.ts');
  const out = await build({ entryPoints: [routesTs], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'error' });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  const rows = mod.ROUTES.filter((r) => r.group === group);
  if (!rows.length) return undefined;
  return {
    name: 'group-routes',
    setup(b) {
      b.onResolve({ filter: /^\.\/routes$/ }, (args) => (/[\\/]http[\\/]endpoint-core\.ts$/.test(args.importer) ? { path: 'group-routes', namespace: 'group-routes' } : undefined));
      b.onLoad({ filter: /.*/, namespace: 'group-routes' }, () => ({
        contents: `export const ROUTES = ${JSON.stringify(rows)}; export const routeKey = (r) => \`\${r.method} \${r.path}\`;`,
        loader: 'js',
      }));
    },
  };
}

export async function bundleFunction(entry, outdir) {
  const group = /[\\/]functions[\\/]src[\\/]http[\\/]([\w-]+)\.ts$/.exec(entry)?.[1];
  const routes = group ? await groupRoutes(group) : undefined;
  const result = await build({
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    // A library the code imports lazily (exceljs, for spreadsheet imports) is a chunk of its own,
    // loaded only when that code runs.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: 'external',
    sourcesContent: false,
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
    banner: { js: "import { createRequire as __conversaCreateRequire } from 'node:module'; const require = __conversaCreateRequire(import.meta.url);" },
    plugins: [zodSlim, runtimeSdk, ...(routes ? [routes] : [])],
  });
  const outputs = result.metafile.outputs;
  // The handler's file (a lazily imported module is an entry point of its own in esbuild's metafile).
  const [file, out] = Object.entries(outputs).find(([f]) => /(^|[\\/])index\.mjs$/.test(f));
  // What a cold start loads: the entry and the chunks it imports statically, transitively.
  const loaded = new Set();
  const visit = (f) => {
    if (loaded.has(f)) return;
    loaded.add(f);
    for (const i of outputs[f]?.imports ?? []) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
  };
  visit(file);
  const bytes = [...loaded].reduce((n, f) => n + outputs[f].bytes, 0);
  const total = Object.entries(outputs).filter(([f]) => f.endsWith('.mjs')).reduce((n, [, o]) => n + o.bytes, 0);
  const inputs = Object.assign({}, ...[...loaded].map((f) => outputs[f].inputs));
  return { file, bytes, total, inputs };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [entry, outdir] = process.argv.slice(2);
  if (!entry || !outdir) {
    console.error('usage: node infra/lib/bundle-function.mjs <entry.ts> <outdir>');
    process.exit(2);
  }
  const { bytes, total } = await bundleFunction(entry, outdir);
  console.log(`${entry} ${(bytes / 1024).toFixed(0)} KB at start, ${(total / 1024).toFixed(0)} KB in all`);
}
