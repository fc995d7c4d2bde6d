/** Help entries (spec 2 §3 Help, §7 Helps; spec 3 "Help page"): platform-wide, written by the super admin. */
import { z } from 'zod';

/** A YouTube video id (11 characters of [A-Za-z0-9_-]) from an id or a watch / share / embed URL; undefined when none. */
export function youtubeId(input: string): string | undefined {
  const v = input.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(v)) return v;
  const m = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/.exec(v);
  return m?.[1];
}

const Video = z
  .string()
  .max(300)
  .transform((v, ctx) => {
    if (v.trim() === '') return '';
    const id = youtubeId(v);
    if (!id) ctx.addIssue({ code: 'custom', message: 'ERR_HELP_INVALID_VIDEO' });
    return id ?? '';
  });

const HelpFields = {
  title: z.string().trim().min(1, 'Obrigatório').max(200, 'Too Long!'),
  description: z.string().trim().max(4000, 'Too Long!').default(''),
  video: Video.default(''),
};
export const HelpBody = z.object(HelpFields).strict();
export const UpdateHelpBody = z.object({ title: HelpFields.title.optional(), description: z.string().trim().max(4000, 'Too Long!').optional(), video: Video.optional() }).strict();

export type HelpView = { id: number; title: string; description: string; video: string; createdAt: string; updatedAt: string };
