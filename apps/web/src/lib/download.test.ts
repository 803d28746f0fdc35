import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { ApiError } from './api-client.ts';
import { csvRowCounter, fetchCsv, fileNameOf } from './download.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('download helpers', () => {
  it('reads the file name of a Content-Disposition: quoted, bare, RFC 6266 extended; never a path', () => {
    expect(fileNameOf('attachment; filename="withdraws-2026-11-25.csv"')).toBe('withdraws-2026-11-25.csv');
    expect(fileNameOf('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe('résumé.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });

  it('counts CSV records across chunks, not the line breaks inside quoted cells', () => {
    const counter = csvRowCounter();
    expect(counter.add(bytes('a,b\n1,"x\n'))).toBe(1);
    expect(counter.add(bytes('y"\n2,"say ""hi"""\n'))).toBe(3);
    expect(counter.add(bytes('3,₹\n'))).toBe(4);
  });

  it('streams a CSV with the session headers, reporting rows, and names it from the answer', async () => {
    const server = fakeApi({
      'GET /export': { raw: 'id,name\n1,a\n2,b', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="withdraws-2026-11-25.csv"' } },
    });
    const seen: number[] = [];
    const file = await fetchCsv('/export', { fallbackName: 'x.csv', onProgress: ({ rows }) => seen.push(rows) });
    expect(file.fileName).toBe('withdraws-2026-11-25.csv');
    expect(file.rows).toBe(2);
    expect(seen.at(-1)).toBe(2);
    expect(server.called('GET /export')[0]!.headers.Accept).toBe('text/csv');
  });

  it('falls back to the given name, and turns an error answer into ApiError', async () => {
    fakeApi({ 'GET /plain': { raw: 'id\n', headers: { 'Content-Type': 'text/csv' } }, 'GET /gone': { status: 404, body: { error: 'Resource could not be found' } } });
    expect((await fetchCsv('/plain', { fallbackName: 'recharges-2026-11-25.csv' })).fileName).toBe('recharges-2026-11-25.csv');
    await expect(fetchCsv('/gone', { fallbackName: 'x.csv' })).rejects.toEqual(expect.objectContaining({ status: 404 }));
    await expect(fetchCsv('/gone', { fallbackName: 'x.csv' })).rejects.toBeInstanceOf(ApiError);
  });
});
