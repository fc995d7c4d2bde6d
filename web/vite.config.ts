import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { parseEnv } from './env.schema';

const backend = 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/ws': { target: backend.replace('http', 'ws'), ws: true, changeOrigin: true },
};

export default defineConfig(({ mode }) => {
  // Fails loudly at start-up (dev or build) when a VITE_* variable is wrong.
  const env = parseEnv({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...pickVite(process.env) });
  return {
    plugins: [react()],
    define: { __APP_ENV__: JSON.stringify(env) },
    server: { port: 5173, proxy },
    preview: { proxy },
    build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600, manifest: true }, // the manifest lets the bench size each route
  };
});

function pickVite(all: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(all).filter(([k]) => k.startsWith('VITE_')));
}
