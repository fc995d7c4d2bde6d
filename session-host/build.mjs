/**
 * The session host's production bundle (issue 24: the image runs plain `node`, no tsx, no dev
 * dependencies): esbuild bundles session-host/src/main.ts with the workspaces it imports and
 * Baileys into one ESM file, minified, with an external source map. Baileys' optional peers
 * (sharp, jimp, link-preview-js, qrcode-terminal, audio-decode) are left out: it loads them lazily
 * and goes on without them (no link previews or thumbnails generated on the host).
 *
 *   node session-host/build.mjs [outdir]     (default session-host/dist; prints the sizes)
 */
import { build } from 'esbuild';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Optional peers of Baileys that the host does not install (each is imported lazily, in a try). */
export const OPTIONAL_PEERS = ['sharp', 'jimp', 'link-preview-js', 'qrcode-terminal', 'audio-decode'];

export async function buildSessionHost(outdir = join(here, 'dist')) {
  const result = await build({
    entryPoints: { main: join(here, 'src', 'main.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The lowest Node that runs it (this machine's and CI's 20); the image runs 24.
    target: 'node20',
    minify: true,
    sourcemap: 'external',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    // Bundled CommonJS packages still call require().
    banner: { js: "import { createRequire as __hostRequire } from 'node:module'; const require = __hostRequire(import.meta.url);" },
    external: OPTIONAL_PEERS,
  });
  return Object.entries(result.metafile.outputs).map(([file, o]) => ({ file, bytes: o.bytes }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outputs = await buildSessionHost(process.argv[2]);
  for (const o of outputs) console.log(`${relative(process.cwd(), o.file).padEnd(40)} ${(o.bytes / 1024 / 1024).toFixed(2)} MB`);
}
