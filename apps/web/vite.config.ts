import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API the dev server forwards to; `pnpm dev` at the root runs it on port 3000.
const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // The API serves the build under /app, with index.html for every client route.
  base: '/app/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/auth', '/uploads', '/cable'].map((path) => [path, { target: api, changeOrigin: true, ws: path === '/cable' }])),
  },
  preview: { port: 4173 },
});
