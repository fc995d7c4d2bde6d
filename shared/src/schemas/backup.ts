/** The company backup of /outrosajustes (spec 3 "Other settings page", §7 backup). */
import { z } from 'zod';

export const BackupIdParam = z.object({ jobId: z.string().uuid() }).strict();

export type BackupJobView = {
  jobId: string;
  /** Items written so far. */
  items: number;
  finished: boolean;
  failed: boolean;
  /** Short-lived link to the JSON-lines file, once finished. */
  url?: string;
  createdAt: string;
  updatedAt: string;
};
