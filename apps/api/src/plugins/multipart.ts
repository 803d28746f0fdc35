import fp from 'fastify-plugin';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';

export const MAX_UPLOAD_BYTES = 40 * 1024 * 1024;

type Part = MultipartFile & { value?: unknown } | MultipartValue;

function isPart(value: unknown): value is Part {
  return typeof value === 'object' && value !== null && 'fieldname' in value && 'type' in value;
}

/** `profile[avatar]` → ['profile', 'avatar'] */
function keyPath(name: string): string[] {
  return name.replace(/\]/g, '').split('[').filter(Boolean);
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown) {
  let node = target;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
}

function plain(part: Part): unknown {
  if (part.type === 'file') {
    return { filename: part.filename, mimetype: part.mimetype, data: part.value as Buffer };
  }
  return part.value;
}

/**
 * Multipart bodies become the same nested objects a JSON body gives (`profile[display_name]=x` →
 * `{profile: {display_name: 'x'}}`, files as `{filename, mimetype, data}`), so one zod schema checks both.
 */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: true,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 200, parts: 220 },
      async onFile(part) {
        (part as MultipartFile & { value?: unknown }).value = await part.toBuffer();
      },
    });

    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart() || typeof request.body !== 'object' || request.body === null) return;
      const nested: Record<string, unknown> = {};
      for (const [name, entry] of Object.entries(request.body as Record<string, unknown>)) {
        const parts = Array.isArray(entry) ? entry : [entry];
        const values = parts.map((p) => (isPart(p) ? plain(p) : p));
        const arrayField = name.endsWith('[]');
        setPath(nested, keyPath(name), arrayField ? values : values.length > 1 ? values : values[0]);
      }
      request.body = nested;
    });
  },
  { name: 'multipart' },
);
