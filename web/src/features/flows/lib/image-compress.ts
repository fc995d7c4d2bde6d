/** Spec 3 §5 and §9: a flow image is drawn on a canvas and saved again at JPEG quality 0.7 before upload (PNG keeps its type: transparency). */
export const IMAGE_QUALITY = 0.7;

export async function compressImage(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const type = file.type === 'image/png' ? 'image/png' : file.type === 'image/webp' ? 'image/webp' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, IMAGE_QUALITY));
  if (!blob) throw new Error('toBlob');
  // A compression that grew the file is not used.
  return blob.size < file.size ? new File([blob], file.name, { type }) : file;
}
