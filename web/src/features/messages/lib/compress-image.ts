/** Images are compressed to JPEG at quality 0.7 before upload (spec 1 §5, §9). */
import { IMAGE_COMPRESSION_QUALITY } from '@conversa/shared/constants';

/** Animated GIFs and vector images are sent as they are. */
export const isCompressible = (type: string): boolean => /^image\/(jpeg|png|webp|bmp)$/i.test(type);

export const jpegName = (name: string): string => `${name.replace(/\.[^./]+$/, '') || 'imagem'}.jpg`;

export async function compressImage(file: File, quality = IMAGE_COMPRESSION_QUALITY): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = '#ffffff'; // transparent PNG areas become white, not black
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('toBlob failed');
  // An already small JPEG stays as it was.
  if (file.type === 'image/jpeg' && file.size <= blob.size) return file;
  return new File([blob], jpegName(file.name), { type: 'image/jpeg' });
}
