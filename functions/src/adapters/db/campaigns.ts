/**
 * Campaigns, their run state and their recipients (BEHAVIOUR.md "Campaigns"; ACCESS_PATTERNS.md
 * #114 on). The keys and the stored shapes every part of the campaign feature shares:
 *
 * - The campaign (what the dialog edits): `C#<cid>#CAMPS` / pad(id). Up to 10 messages of 4 KB,
 *   so it is read for the screens and the sender's variants, never rewritten on the send path.
 * - Its run state, small and written by the sender: `C#<cid>#CAMP#<id>` / `RUN` (status mirror,
 *   generation, the planner's cursor, the counters). The session host reads it (strongly) before
 *   each claim, so a cancel stops the sends at once.
 * - One recipient per list item, staged once when the campaign starts: `C#<cid>#CAMP#<id>` /
 *   `R#<pad(itemId)>` (≤ 1 KB: one write unit to stage). Every status change is one UpdateItem that
 *   also sets `prevStatus` to the status it replaces, so the counters are kept from the table's
 *   stream (one ADD per campaign and batch, not one per recipient).
 * - Running and programmed campaigns, platform-wide, for the tick: `P#CAMPRUN` / `<cid>#<id>` with
 *   the time the planner next has work (`nextAt`).
 * - Opt-outs, per company and number: `C#<cid>#OPTOUT` / digits.
 * - A confirmation awaited from a number on a connection: `C#<cid>#CAMPCONF#<whatsappId>` /
 *   digits → the recipient (with a TTL).
 * - The per-connection daily cap: `C#<cid>#CAMPCAP#<whatsappId>` / `YYYY-MM-DD` (`used`, TTL).
 * - A sent campaign message's channel id points at its recipient through the messages' own
 *   external index (`C#<cid>#MSGX#<whatsappId>` / externalId, with `campaignId` and `itemId`
 *   instead of a ticket), so acks and the phone's echo find it and open no ticket.
 */
import type { CampaignCounts, CampaignStatus, CampaignTemplate, RecipientStatus } from '@conversa/shared/schemas/campaigns';
import { pad } from './keys';

export type Campaign = {
  id: number;
  companyId: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  confirmation: boolean;
  status: CampaignStatus;
  /** ISO instant (the dialog's local `YYYY-MM-DD HH:mm:ss` read in the company's time zone). */
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  /** The media bucket key (a campaign upload of this company) and its shown name and type. */
  mediaKey: string | null;
  mediaName: string | null;
  mimetype: string | null;
  template: CampaignTemplate | null;
  pausedReason: string | null;
  /** Optimistic concurrency for edits. */
  rev: number;
  searchText: string;
  createdAt: string;
  updatedAt: string;
};

/** The run state: what the sender writes while a campaign runs. */
export type CampaignRun = {
  companyId: number;
  campaignId: number;
  status: CampaignStatus;
  /** Bumped by every start, cancel and restart: jobs of an older generation do nothing. */
  gen: number;
  /** When this generation began sending; recipients' `offsetMs` count from here (plus `shiftMs`). */
  startedAt: string | null;
  /** Added to every planned time: the days rolled over by the daily cap. */
  shiftMs: number;
  /** Staging: the last list item staged (absent = not begun) and whether every item is. */
  stagedThrough?: number;
  staged: boolean;
  /** The planner: the last recipient queued (SK) and its offset; absent = none yet. */
  queuedThrough?: string;
  queuedOffsetMs?: number;
  counts: CampaignCounts;
  updatedAt: string;
};

export type CampaignRecipient = {
  companyId: number;
  campaignId: number;
  itemId: number;
  gen: number;
  name: string;
  number: string;
  email: string;
  /** The filled text sent (the chosen variant with its variables), and which variant (1–5). */
  body: string;
  variant: number | null;
  /** The filled confirmation text, on confirmation campaigns. */
  confirmationBody?: string;
  /** Planned send time, from the run's start. */
  offsetMs: number;
  status: RecipientStatus;
  prevStatus?: RecipientStatus;
  reason: string | null;
  externalId?: string;
  /** The session host's claim while it sends (same rule as a message's sendClaim). */
  sendClaim?: { host: string; at: number };
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
};

export const campaignsPartition = (cid: number) => `C#${cid}#CAMPS`;
export const campaignKey = (cid: number, id: number) => ({ PK: campaignsPartition(cid), SK: pad(id) });
export const campaignPartition = (cid: number, id: number) => `C#${cid}#CAMP#${id}`;
export const runKey = (cid: number, id: number) => ({ PK: campaignPartition(cid, id), SK: 'RUN' });
export const recipientSk = (itemId: number) => `R#${pad(itemId)}`;
export const recipientKey = (cid: number, id: number, itemId: number) => ({ PK: campaignPartition(cid, id), SK: recipientSk(itemId) });
export const RUNNING_PARTITION = 'P#CAMPRUN';
export const runningKey = (cid: number, id: number) => ({ PK: RUNNING_PARTITION, SK: `${cid}#${id}` });
export const optOutKey = (cid: number, digits: string) => ({ PK: `C#${cid}#OPTOUT`, SK: digits });
export const confirmationKey = (cid: number, whatsappId: number, digits: string) => ({ PK: `C#${cid}#CAMPCONF#${whatsappId}`, SK: digits });
export const capKey = (cid: number, whatsappId: number, day: string) => ({ PK: `C#${cid}#CAMPCAP#${whatsappId}`, SK: day });
