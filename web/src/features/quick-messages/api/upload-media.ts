import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload-file';

/** The reply's file, uploaded by presigned URL: its object key and name. */
export async function uploadMedia(file: File): Promise<{ key: string; name: string }> {
  return { key: await uploadFile(file, file.type), name: file.name };
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
