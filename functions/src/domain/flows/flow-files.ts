/**
 * The flow builder's files (spec 3 §5 "Files in the flow builder", §7 "Flows"): an admin's upload
 * (presigned, POST /messages/upload, named by its key) becomes a flow file, stored under
 * `companies/<cid>/flows/<random>.<ext>`; nodes name it by that name only. The runtime resolves a
 * node's name under the same prefix of the ticket's company, so a flow can only ever send its own
 * company's files.
 * - Type and size by CONTENT (the first bytes), never by the file's name or declared type: images
 *   png, jpg, webp (2 MB); audio ogg/opus, mp3 (5 MB); video mp4 (20 MB); PDF (20 MB).
 * - Each upload path takes its kinds: img images; audio audio and video (the spec's video dialog
 *   posts there); documents PDF; content (the single block's cards) any of them.
 * - A graph saved or imported names only files that exist under the company's prefix, of the
 *   node's kind; anything else is an issue of ERR_FLOW_INVALID.
 */
import { randomUUID } from 'node:crypto';
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import { FLOW_FILE_RULES, type FlowFileKind, type FlowGraph, type FlowUploadView } from '@conversa/shared/schemas/flows';
import { copyMedia, headMedia, presignRead } from '../../adapters/media';
import { AppError, type Issue } from '../../lib/app-error';
import { sniffFormat } from '../../lib/file-signature';
import { uploadedFile } from '../messages/upload-media';
import { badNames, mediaOf } from './flow-document';

/** Where a company's flow file lives: the one prefix the API writes and the runtime reads. */
export const flowFileKey = (companyId: number, name: string): string => `companies/${companyId}/flows/${name}`;

/** The upload paths (POST /flowbuilder/<path>) and the kinds each takes. */
export const UPLOAD_PATHS = {
  img: ['img'],
  audio: ['audio', 'video'],
  documents: ['document'],
  content: ['img', 'audio', 'video', 'document'],
} as const satisfies Record<string, readonly FlowFileKind[]>;
export type UploadPath = keyof typeof UPLOAD_PATHS;

type Detected = { kind: FlowFileKind; ext: string; mimetype: string };

const KIND_OF: Record<string, FlowFileKind> = { png: 'img', jpg: 'img', webp: 'img', ogg: 'audio', mp3: 'audio', mp4: 'video', pdf: 'document' };

/** What a file is by its first bytes (lib/file-signature.ts), among the flow builder's types; null for anything else. */
export function flowFileOf(head: Buffer): Detected | null {
  const found = sniffFormat(head);
  return found ? { kind: KIND_OF[found.ext]!, ...found } : null;
}

/** The kind and size rules of one path: ERR_FLOW_FILE_TYPE, ERR_FLOW_FILE_TOO_LARGE (details { maxMb }). */
export function checkFlowFile(path: UploadPath, file: { size: number; head: Buffer }): Detected {
  const found = flowFileOf(file.head);
  if (!found || !(UPLOAD_PATHS[path] as readonly FlowFileKind[]).includes(found.kind)) throw new AppError('ERR_FLOW_FILE_TYPE');
  const { maxMb } = FLOW_FILE_RULES[found.kind];
  if (file.size > maxMb * 1024 * 1024) throw new AppError('ERR_FLOW_FILE_TOO_LARGE', undefined, undefined, { maxMb });
  return found;
}

/**
 * POST /flowbuilder/img|audio|documents|content: each upload (the caller's company's, checked by
 * content) copied to a new flow file; answers their names in order. All are checked before any is
 * copied.
 */
export async function storeFlowFiles(companyId: number, path: UploadPath, keys: readonly string[]): Promise<string[]> {
  const checked = await Promise.all(keys.map(async (key) => ({ key, ...checkFlowFile(path, await uploadedFile(companyId, key, UPLOAD_LIMIT_BYTES)) })));
  return Promise.all(
    checked.map(async (f) => {
      const name = `${randomUUID()}.${f.ext}`;
      await copyMedia(f.key, flowFileKey(companyId, name), f.mimetype);
      return name;
    }),
  );
}

/** The single-file paths answer one name: exactly one upload. */
export async function storeFlowFile(companyId: number, path: Exclude<UploadPath, 'content'>, keys: readonly string[]): Promise<FlowUploadView> {
  if (keys.length !== 1) throw new AppError('ERR_VALIDATION', [{ path: 'body.medias', message: 'Envie um arquivo' }]);
  const [name] = await storeFlowFiles(companyId, path, keys);
  return { name: name! };
}

/** GET /flowbuilder/file: a short-lived read URL of one of the company's flow files. */
export async function flowFileUrl(companyId: number, name: string): Promise<{ url: string }> {
  const key = flowFileKey(companyId, name);
  if (!(await headMedia(key))) throw new AppError('ERR_FLOW_FILE_NOT_FOUND');
  return { url: await presignRead(key) };
}

const HEADS_AT_ONCE = 20;

/**
 * Every file the graph names is a flow file of the company, of its node's kind (by its name's
 * extension, set from the content when stored). ERR_FLOW_INVALID naming each one that is not
 * (paths prefixed with `prefix`, as parseGraph's).
 */
export async function checkFlowMedia(companyId: number, graph: FlowGraph, prefix: string[] = []): Promise<void> {
  const refs = mediaOf(graph);
  const issues: Issue[] = [];
  const where = (path: string) => [...prefix, path].join('.');
  const bad = new Set(badNames(refs));
  for (const r of bad) issues.push({ path: where(r.path), message: 'Arquivo inválido' });
  const named = [...new Set(refs.filter((r) => !bad.has(r)).map((r) => r.name))];
  const missing = new Set<string>();
  for (let i = 0; i < named.length; i += HEADS_AT_ONCE) {
    await Promise.all(named.slice(i, i + HEADS_AT_ONCE).map(async (name) => void (!(await headMedia(flowFileKey(companyId, name))) && missing.add(name))));
  }
  for (const r of refs) {
    if (bad.has(r)) continue;
    if (missing.has(r.name)) issues.push({ path: where(r.path), message: `Arquivo não encontrado: ${r.name}` });
    else if (!(FLOW_FILE_RULES[r.kind].exts as readonly string[]).includes(r.name.split('.').pop()!.toLowerCase())) issues.push({ path: where(r.path), message: `Arquivo de outro tipo: ${r.name}` });
  }
  if (issues.length) throw new AppError('ERR_FLOW_INVALID', issues.slice(0, 100));
}
