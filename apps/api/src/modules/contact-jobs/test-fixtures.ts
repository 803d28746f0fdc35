import type { DomainEvent } from '@app/shared/events';
import { ContactExportJobPayloadSchema, ContactImportJobPayloadSchema, type ContactExportJob, type ContactImportJob } from '@app/shared/contact-jobs';
import { injectMultipart, type TestContext } from '../../../test/helpers.ts';

export type Headers = Record<string, string>;
export const url = (accountId: number, rest: string) => `/api/v1/accounts/${accountId}/${rest}`;

export function caller(t: TestContext) {
  return (method: 'GET' | 'POST', path: string, headers: Headers | undefined, payload?: object) =>
    t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
}

export const csvFile = (text: string | Buffer, filename = 'contacts.csv', type = 'text/csv') => ({ data: Buffer.from(text), filename, type });

export function uploadContacts(t: TestContext, accountId: number, headers: Headers, text: string | Buffer, filename?: string) {
  return injectMultipart(t.app, 'POST', url(accountId, 'contacts/import'), headers, { import_file: csvFile(text, filename) });
}

/** Polls a job until it finished (the in-process runner and BullMQ both run it in the background). */
async function until<T extends { status: string }>(read: () => Promise<T>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await read();
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`${what} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function importFinished(t: TestContext, accountId: number, headers: Headers, id: number): Promise<ContactImportJob> {
  const call = caller(t);
  return until(async () => ContactImportJobPayloadSchema.parse((await call('GET', url(accountId, `contacts/imports/${id}`), headers)).json()).payload, `import ${id}`);
}

export function exportFinished(t: TestContext, accountId: number, headers: Headers, id: number): Promise<ContactExportJob> {
  const call = caller(t);
  return until(async () => ContactExportJobPayloadSchema.parse((await call('GET', url(accountId, `contacts/exports/${id}`), headers)).json()).payload, `export ${id}`);
}

/** The events of one name published while `work` runs (and a moment after, for the ones that follow a commit). */
export async function eventsNamed(t: TestContext, name: string, work: () => Promise<unknown>): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  const unsubscribe = t.app.bus.subscribe((e) => void (e.name === name && events.push(e)));
  try {
    await work();
    await new Promise((r) => setTimeout(r, 50));
    return events;
  } finally {
    unsubscribe();
  }
}
