import type { FlowContentUploadView, FlowUploadView } from '@conversa/shared/schemas/flows';
import { api } from '../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import { mimeOf } from '../lib/node-forms';

/** The upload path of a node's file (spec 3 §7: the video dialog posts to the audio path). */
export type FlowUploadPath = 'img' | 'audio' | 'documents';
export const uploadPathOf = (kind: 'img' | 'audio' | 'video' | 'document'): FlowUploadPath => (kind === 'img' ? 'img' : kind === 'document' ? 'documents' : 'audio');

const media = async (file: File) => {
  const mimetype = file.type || mimeOf(file.name);
  return { key: await uploadFile(file, mimetype), filename: file.name, mimetype };
};

/** Presigned upload (POST /messages/upload, PUT), then POST /flowbuilder/img|audio|documents names the key: the stored file's name. */
export async function uploadFlowFile(path: FlowUploadPath, file: File): Promise<string> {
  const answer = await api.post<FlowUploadView>(`/flowbuilder/${path}`, { medias: [await media(file)], fromMe: true, body: file.name });
  return answer.name;
}

/** A Conteúdo block's files, uploaded one by one, then named together with POST /flowbuilder/content: their stored names in order. */
export async function uploadContentFiles(files: readonly File[]): Promise<FlowContentUploadView> {
  if (files.length === 0) return [];
  const medias = [];
  for (const f of files) medias.push(await media(f));
  return api.post<FlowContentUploadView>('/flowbuilder/content', { medias, fromMe: true });
}
