import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // every core: vitest's default leaves one idle, which on a 2-core CI machine is half of it
      maxWorkers: availableParallelism(),
      // One jsdom per worker, reused across files: a fresh worker per file cost ~0.7 s each, two thirds of the run.
      // Module mocks would then leak between files, so seams that tests replace are objects (full-page-load.ts),
      // and src/test/setup.ts resets the DOM, cookies and storage after every test.
      isolate: false,
      // worker threads start faster than forked processes (69 s against 85 s for the suite on 2 cores)
      pool: 'threads',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
