import { z } from 'zod';
import { MEDIA_TYPES } from '../channels';

/** POST /sandbox/{whatsappId}/scan: the QR the sandbox phone reads (the one on the screen); absent = the current one. */
export const SandboxScanBody = z.object({ qrcode: z.string().min(1).max(512).optional() }).strict();
export type SandboxScanBody = z.infer<typeof SandboxScanBody>;

/** A customer played on a sandbox connection (POST /sandbox/{whatsappId}/inbound). */
export const SandboxInboundBody = z
  .object({
    from: z.string().regex(/^\d{8,20}$/, 'digits only, 8 to 20'),
    name: z.string().trim().max(100).default(''),
    body: z.string().max(4096).default(''),
    /** The channel message id: sending the same id twice is a duplicate delivery. */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
    media: z.object({ key: z.string().max(1024), mimetype: z.string().max(200), filename: z.string().max(300).default(''), mediaType: z.enum(MEDIA_TYPES) }).optional(),
    quotedId: z.string().max(64).optional(),
    reaction: z.object({ to: z.string().max(64), emoji: z.string().max(32) }).optional(),
    /** A group chat: any id, or one the sandbox phone made for POST /creatGroupAndTicket (`…@g.us`). */
    group: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}(@g\.us)?$/), name: z.string().max(100).default('') }).optional(),
  })
  .strict();
export type SandboxInboundBody = z.infer<typeof SandboxInboundBody>;

/** What travels the sandbox-phone queue to the session host that owns the connection. */
export type SandboxPhoneMessage = SandboxInboundBody & { companyId: number; whatsappId: number; id: string; at: number };

export type SandboxOutboxItem = { externalId: string; to: string; body: string; mediaType?: string; mediaKey?: string; mimetype?: string; filename?: string; mediaSize?: number; ack: number; at: string; quotedExternalId?: string; reaction?: string; deleted?: boolean; editedBody?: string;
  /** An audio the phone got as a voice note (shared/src/channels.ts sendsAsVoiceNote). */
  voiceNote?: boolean;
  /** A group the phone created (session command createGroup): `to` is its id, `body` its subject. */
  group?: { subject: string; participants: string[] };
};

/** A read receipt the sandbox phone got: the agent read these messages of the customer (blue ticks), newest first. */
export type SandboxReadReceipt = { to: string; readIds: string[]; at: string };
