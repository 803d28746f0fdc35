import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take tens of seconds (they start real servers and seed the demo, or read every OCR sample). Vitest
 * orders files by their last durations, and without them (a fresh clone, as in CI) by size, larger first: these
 * small files then started last and ran alone at the end, ~1 minute of a two-worker run. They start first.
 */
const LONG_FILES = ['src/seed/seed-cli.test.ts', 'src/lib/ocr/accuracy/accuracy.test.ts', 'src/seed/seed.test.ts', 'src/jobs/jobs.test.ts', 'src/plugins/realtime.test.ts', 'src/plugins/realtime-presence.test.ts', 'src/plugins/realtime-slow-socket.test.ts'];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(file));
      return at === -1 ? LONG_FILES.length : at;
    };
    return sorted.map((spec, order) => ({ spec, order })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order).map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // One module graph per worker, reused across files: importing the app in a fresh process per file was a quarter
    // of the run's time (docs/testing.md). Every file still builds its own app on its own database; nothing in
    // the API tests mocks a module, so none can leak into the next file.
    isolate: false,
    // every core: vitest's default leaves one idle, which on a 2-core CI machine is half of it
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
