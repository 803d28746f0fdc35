import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountCacheName, forgetAccountCaches } from './local-data.ts';

const open = (name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
const names = async () => (await indexedDB.databases()).map((database) => database.name).sort();

describe('forgetting local data at sign-out', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it('deletes every account sidebar cache the browser holds, and nothing else', async () => {
    await open(accountCacheName(7));
    await open(accountCacheName(9));
    await open('someone-elses-db');
    await forgetAccountCaches([7]);
    expect(await names()).toEqual(['someone-elses-db']);
  });

  it('still deletes the user\'s own accounts where the browser cannot list its databases', async () => {
    await open(accountCacheName(7));
    const listing = indexedDB.databases.bind(indexedDB);
    Object.defineProperty(indexedDB, 'databases', { value: undefined, configurable: true });
    await forgetAccountCaches([7]);
    Object.defineProperty(indexedDB, 'databases', { value: listing, configurable: true });
    expect(await names()).toEqual([]);
  });
});
