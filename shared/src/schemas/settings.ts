import { z } from 'zod';

export const SettingKeyParam = z.object({ key: z.string().min(1).max(64) });
export const UpdateSettingBody = z.object({ value: z.string().max(500) }).strict();
