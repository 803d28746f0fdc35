import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { randomToken } from './crypto.ts';

/** Types that may be shown inline; everything else is sent as an attachment. */
export const INLINE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export type Storage = {
  put: (input: { folder: string; data: Uint8Array; extension: string }) => Promise<string>;
  /** Writes a file from chunks as they come (exports, reports), so it never sits in memory whole. */
  putStream: (input: { folder: string; chunks: AsyncIterable<string | Uint8Array>; extension: string }) => Promise<string>;
  read: (key: string) => Promise<Buffer | null>;
  /** The file as a stream, for files too big to hold at once (CSV imports); null when there is none. */
  open: (key: string) => Promise<Readable | null>;
  remove: (key: string) => Promise<void>;
  url: (key: string) => string;
};

const KEY_PATTERN = /^[a-z_]+\/[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,8}$/;

/** Files on local disk under `<data dir>/storage`, served back at `/uploads/<key>`. */
export function createLocalStorage(options: { root: string; publicUrl: string }): Storage {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return path.join(options.root, key);
  };
  return {
    async put({ folder, data, extension }) {
      const key = `${folder}/${randomToken(18)}.${extension}`;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
      return key;
    },
    async putStream({ folder, chunks, extension }) {
      const key = `${folder}/${randomToken(18)}.${extension}`;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(Readable.from(chunks), createWriteStream(file));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return key;
    },
    async read(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch {
        return null;
      }
    },
    async open(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        await access(fileOf(key));
      } catch {
        return null;
      }
      return createReadStream(fileOf(key));
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    url: (key) => `${options.publicUrl}/uploads/${key}`,
  };
}
