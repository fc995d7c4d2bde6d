import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocRef, LogoRef, UploadAnswer } from '@conversa/shared/schemas/branding';
import { api } from '../../../lib/api';
import { brandingKey } from '../../../lib/branding';
import { uploadFile } from '../../../lib/upload-file';

export type BrandingUpload = { kind: 'logo'; ref: LogoRef; file: File } | { kind: 'doc'; ref: DocRef; file: File };

/**
 * The file goes straight to storage (POST /messages/upload's presigned PUT), then
 * POST /settings/media-upload?ref= (logos) or /settings/doc-upload?ref= (documents) names it;
 * the server checks it by content and size and answers `mensagem: 'Arquivo Anexado'`.
 */
export async function uploadBranding(u: BrandingUpload): Promise<UploadAnswer> {
  const key = await uploadFile(u.file, u.kind === 'logo' ? 'image/png' : 'application/pdf');
  const path = u.kind === 'logo' ? '/settings/media-upload' : '/settings/doc-upload';
  return api.post<UploadAnswer>(path, { key }, { query: { ref: u.ref } });
}

export function useUploadBranding(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadBranding,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: brandingKey });
      options.onSuccess?.();
    },
  });
}
