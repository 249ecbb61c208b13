/**
 * The HTTP side of uploads: tus requests handed to @tus/server, and the multipart request of a
 * small file. The rules (quota, ownership, what a finished upload becomes) are in
 * uploads.service.ts; this turns requests into its calls and its answers into responses.
 *
 * tus gets a web `Request` built from Fastify's (the raw body stream included, unread: the
 * content-type parser in uploads.routes.ts leaves it alone) and answers with a web `Response`,
 * which goes out through Fastify's reply. So the access hook has run before tus sees anything,
 * the security headers stay on, and a refusal of ours (415 after the last byte, 404 for an
 * upload that is gone) leaves as application/problem+json rather than tus's plain text.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { Server } from '@tus/server';
import { Metadata } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  entryNameSchema,
  FILE_NAME_MAX,
  FILE_UPLOAD_PATH,
  idSchema,
  PROBLEMS,
  UPLOAD_METADATA_KEYS,
  UPLOADED_FILE_ID_HEADER,
  type FieldError,
  type ProblemCode,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { problem, ProblemError, sendProblem } from '../../http/problem';
import type { Actor } from './files.service';
import {
  dropUpload,
  finishUpload,
  ownUpload,
  reserveUpload,
  smallUploadTooLarge,
  type NewUpload,
} from './uploads.service';

type Deps = Pick<AppContext, 'database' | 'live' | 'storage' | 'config' | 'log'>;

/** Custom metadata a file may carry (SPEC §3 customMetadata): a few short texts. */
const CUSTOM_METADATA_MAX_KEYS = 20;
const CUSTOM_KEY_MAX = 100;
const CUSTOM_VALUE_MAX = 1000;
const CLAIMED_TYPE_MAX = 255;

/** One tus request on its way through @tus/server: who asks, and what our hooks decided. */
interface TusCall {
  actor: Actor;
  uploadId?: string;
  problem?: ProblemError;
}

function metadataError(path: string, message: string, code = 'invalid'): ProblemError {
  return new ProblemError('validation-failed', undefined, [{ path, code, message }]);
}

/** A browser's claimed type: kept as a hint when it looks like one, ignored otherwise. */
function claimedType(value: string | null | undefined): string | null {
  if (!value || value.length > CLAIMED_TYPE_MAX || !/^[\w.+-]+\/[\w.+-]+$/.test(value)) return null;
  return value.toLowerCase();
}

/** The name, folder, claimed type and custom metadata of an upload, checked. */
function describeUpload(fields: Record<string, string | null>, path: string): Omit<NewUpload, 'size'> {
  const { name: nameKey, type: typeKey, folderId: folderKey } = UPLOAD_METADATA_KEYS;
  const name = entryNameSchema(FILE_NAME_MAX).safeParse(fields[nameKey] ?? '');
  if (!name.success) {
    const issue = name.error.issues[0];
    throw metadataError(`${path}.${nameKey}`, issue?.message ?? 'Filen må ha et navn.', 'invalid-name');
  }
  const folder = fields[folderKey] ? idSchema.safeParse(fields[folderKey]) : undefined;
  if (folder && !folder.success) throw metadataError(`${path}.${folderKey}`, 'Mappen finnes ikke.');

  const custom = Object.entries(fields).filter(
    (entry): entry is [string, string] =>
      ![nameKey, typeKey, folderKey].includes(entry[0] as never) && entry[1] !== null,
  );
  if (custom.length > CUSTOM_METADATA_MAX_KEYS) {
    throw metadataError(path, `Høyst ${CUSTOM_METADATA_MAX_KEYS} egne metadatafelt.`);
  }
  for (const [key, value] of custom) {
    if (key.length > CUSTOM_KEY_MAX || value.length > CUSTOM_VALUE_MAX || value.includes('\u0000')) {
      throw metadataError(`${path}.${key}`, `Metadata kan være høyst ${CUSTOM_VALUE_MAX} tegn.`);
    }
  }
  return {
    name: name.data,
    claimedType: claimedType(fields[typeKey]),
    folderId: folder?.data ?? null,
    customMetadata: Object.fromEntries(custom),
  };
}

/** A tus creation's Upload-Length and Upload-Metadata; a deferred length is refused. */
function creationOf(request: FastifyRequest): NewUpload {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  if (header('upload-defer-length') !== undefined) {
    throw new ProblemError(
      'upload-length-required',
      'Tun må vite hvor stor filen er før opplastingen starter (Upload-Length).',
    );
  }
  const length = header('upload-length');
  if (length === undefined || !/^\d{1,16}$/.test(length)) throw new ProblemError('upload-length-required');
  let fields: Record<string, string | null> = {};
  const metadata = header('upload-metadata');
  if (metadata !== undefined && metadata.trim() !== '') {
    try {
      fields = Metadata.parse(metadata);
    } catch {
      throw metadataError(
        'headers.upload-metadata',
        'Upload-Metadata er ikke gyldig (nøkkel og base64-verdi).',
      );
    }
  }
  return { ...describeUpload(fields, 'headers.upload-metadata'), size: Number(length) };
}

/**
 * The request body as a web stream, read as tus asks for more. A client that goes away in the
 * middle ends the stream as if the body were over, as @tus/server does on its own Node path: the
 * store keeps what arrived (S3 included, where an error would drop the part being collected),
 * and the next HEAD tells the client where to go on.
 */
function bodyOf(raw: Readable): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const finish = () => {
        if (done) return;
        done = true;
        controller.close();
      };
      raw.on('data', (chunk: Buffer) => {
        if (done) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) raw.pause();
      });
      raw.on('end', finish);
      raw.on('close', finish);
      raw.on('error', finish);
    },
    pull() {
      raw.resume();
    },
    cancel() {
      done = true;
      raw.destroy();
    },
  });
}

function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const streamed =
    (request.method === 'PATCH' || request.method === 'POST') &&
    request.headers['content-type']?.toLowerCase().startsWith('application/offset+octet-stream') === true;
  // The host is never used: tus answers relative Locations.
  return new Request(`http://tun.invalid${request.url}`, {
    method: request.method,
    headers,
    body: streamed ? bodyOf(request.raw) : undefined,
    duplex: 'half',
  } as RequestInit);
}

/**
 * tus's own refusals (its protocol: a missing header, an offset that does not match) as our
 * problems. tus writes English text; the client gets a code and a Norwegian detail. The status
 * stays where a code of ours has it (404, 409, 413, 500); tus's 403 and 412 for a malformed
 * request become 400.
 */
function tusRefusal(status: number, text: string): { code: ProblemCode; detail?: string } {
  if (status === 404 || status === 410) return { code: 'object-not-found' };
  if (status === 409) {
    const detail =
      'Opplastingen står et annet sted enn forespørselen sier. Spør med HEAD hvor langt den er kommet.';
    return { code: 'conflict', detail };
  }
  if (status === 413) {
    return { code: 'file-too-large', detail: 'Forespørselen har flere byte enn filen skal ha.' };
  }
  if (status >= 500) return { code: 'internal-error' };
  const malformed: [RegExp, string][] = [
    [/Tus-Resumable/i, 'Bruk tus 1.0.0 (Tus-Resumable: 1.0.0).'],
    [/Upload-Offset/i, 'Upload-Offset mangler eller er ugyldig.'],
    [/Content-Type/i, 'Bytene sendes som application/offset+octet-stream.'],
  ];
  const detail = malformed.find(([pattern]) => pattern.test(text))?.[1];
  return { code: 'bad-request', detail: detail ?? 'Forespørselen følger ikke tus-protokollen.' };
}

export interface TusUploads {
  /** POST: reserve (quota, folder, name), then let tus create the upload. */
  create(request: FastifyRequest, reply: FastifyReply, actor: Actor): Promise<FastifyReply>;
  /** HEAD, PATCH, DELETE of one's own upload. */
  resume(request: FastifyRequest, reply: FastifyReply, actor: Actor, uploadId: string): Promise<FastifyReply>;
}

export function tusUploads(deps: Deps): TusUploads {
  const calls = new WeakMap<Request, TusCall>();
  const server = new Server({
    path: FILE_UPLOAD_PATH,
    datastore: deps.storage.datastore,
    maxSize: deps.config.files.sizeLimitBytes,
    relativeLocation: true,
    // Tun's own pages upload from its own origin: no cross-origin access at all.
    allowedOrigins: () => false,
    // A finished upload is a file: it is deleted as one, through the files API.
    disableTerminationForFinishedUploads: true,
    namingFunction: (req) => {
      const id = calls.get(req)?.uploadId;
      // Only `create` sends a POST to tus, after reserving the id.
      if (!id) throw new Error('an upload was created without a reserved id');
      return id;
    },
    onUploadFinish: async (req, upload) => {
      const call = calls.get(req)!;
      try {
        const fileId = await finishUpload(deps, call.actor, upload.id);
        return { headers: { [UPLOADED_FILE_ID_HEADER]: fileId } };
      } catch (error) {
        if (error instanceof ProblemError) {
          call.problem = error;
        } else {
          deps.log.error({ err: error }, 'an upload could not be finished');
          call.problem = new ProblemError('internal-error');
        }
        throw { status_code: PROBLEMS[call.problem.code].status, body: call.problem.message };
      }
    },
    onResponseError: (_req, error) => {
      if (error instanceof Error) deps.log.error({ err: error }, 'tus failed');
      return undefined;
    },
  });

  /** Runs the request through tus; a refusal of our hooks is thrown as its problem. */
  async function passToTus(request: FastifyRequest, call: TusCall): Promise<Response> {
    const webRequest = webRequestOf(request);
    calls.set(webRequest, call);
    const response = await server.handleWeb(webRequest);
    if (call.problem) throw call.problem;
    return response;
  }

  /**
   * tus's answer through Fastify's reply; its refusals as problems like every other 4xx, with
   * tus's headers kept (Tus-Resumable, Upload-Offset). Not returned from an async function that
   * others await: a reply is thenable, and awaiting it waits for the response to be sent.
   */
  async function send(reply: FastifyReply, response: Response): Promise<void> {
    const text = await response.text();
    response.headers.forEach((value, name) => {
      // Fastify counts the body itself; tus's CORS headers have no use on one origin.
      if (name === 'content-length' || name.startsWith('access-control-')) return;
      reply.header(name, value);
    });
    if (response.status >= 400) {
      const { code, detail } = tusRefusal(response.status, text);
      void sendProblem(reply, problem(code, detail));
      return;
    }
    reply.code(response.status);
    if (text) reply.type('text/plain; charset=utf-8');
    reply.send(text || undefined);
  }

  return {
    async create(request, reply, actor) {
      // Without Tus-Resumable this is no tus request: tus answers that (412), nothing is reserved.
      if (request.headers['tus-resumable'] === undefined) {
        await send(reply, await passToTus(request, { actor }));
        return reply;
      }
      const upload = creationOf(request);
      const uploadId = randomUUID();
      await reserveUpload(deps, actor, uploadId, upload);
      let response: Response;
      try {
        response = await passToTus(request, { actor, uploadId });
      } catch (error) {
        // A problem of ours has dealt with the upload already (a refused type removes it).
        if (!(error instanceof ProblemError)) await dropUpload(deps, actor.schoolId, uploadId);
        throw error;
      }
      // tus refused the creation (a header of its own): nothing may stay reserved.
      if (response.status >= 300) await dropUpload(deps, actor.schoolId, uploadId);
      await send(reply, response);
      return reply;
    },

    async resume(request, reply, actor, uploadId) {
      await ownUpload(deps, actor, uploadId);
      const response = await passToTus(request, { actor, uploadId });
      // Cancelled (tus DELETE): the row goes with the bytes tus removed, before the answer.
      if (request.method === 'DELETE' && (response.status === 204 || response.status === 404)) {
        await dropUpload(deps, actor.schoolId, uploadId);
      }
      await send(reply, response);
      return reply;
    },
  };
}

// ── One multipart request ──────────────────────────────────────────────────────────────────

const MULTIPART_LIMIT_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * The file and fields of a multipart upload: one file part (any field name), `folderId`, and
 * any other text fields as custom metadata. A file over 256 KB is refused while it arrives.
 */
export async function readSmallUpload(
  request: FastifyRequest,
): Promise<Omit<NewUpload, 'size'> & { bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw new ProblemError('unsupported-media-type', 'Send filen som multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: { part: MultipartFile; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        file = { part, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw smallUploadTooLarge();
    if (code && MULTIPART_LIMIT_CODES.has(code)) {
      throw new ProblemError('payload-too-large', 'Send én fil og noen få felt per forespørsel.');
    }
    if (code?.startsWith('FST_')) throw new ProblemError('bad-request', 'Skjemaet kunne ikke leses.');
    throw error;
  }
  if (!file) {
    throw new ProblemError('validation-failed', undefined, [
      { path: 'body.file', code: 'required', message: 'Velg en fil.' } satisfies FieldError,
    ]);
  }
  const { name: nameKey, type: typeKey } = UPLOAD_METADATA_KEYS;
  const described = describeUpload(
    { ...fields, [nameKey]: fields[nameKey] ?? file.part.filename, [typeKey]: file.part.mimetype },
    'body',
  );
  return { ...described, bytes: file.bytes };
}
