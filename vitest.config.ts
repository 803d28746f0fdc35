import { defineConfig } from 'vitest/config';

// The root holds only the test runner's own tests; each package has its own vitest config.
export default defineConfig({
  test: {
    include: ['scripts/**/*.test.ts'],
  },
});
