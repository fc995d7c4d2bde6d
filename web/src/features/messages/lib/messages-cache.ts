/**
 * Pure edits of a ticket's cached message pages (newest page first, spec: cursor towards older
 * messages). The sender gets its own message twice — the POST answer and the event — and acks
 * may arrive out of order: merging keeps one copy per id and never moves an ack backwards.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { MessagesPage, MessageView } from '@conversa/shared/schemas/messages';
import { compareMessages } from './message-view';

export type MessagesData = InfiniteData<MessagesPage, string | undefined>;

function merge(old: MessageView, next: MessageView): MessageView {
  const stale = next.updatedAt < old.updatedAt;
  const base = stale ? { ...next, ...old } : { ...old, ...next };
  return { ...base, ack: Math.max(old.ack, next.ack) };
}

/** Inserts or updates one message; an unknown message joins the newest page. */
export function upsertMessage(data: MessagesData | undefined, message: MessageView): MessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    const i = page.messages.findIndex((m) => m.id === message.id);
    if (i < 0) return page;
    found = true;
    const messages = [...page.messages];
    messages[i] = merge(page.messages[i]!, message);
    return { ...page, messages };
  });
  if (!found) {
    const [newest, ...older] = pages;
    pages.splice(0, pages.length, { ...newest!, messages: [...newest!.messages, message] }, ...older);
  }
  return { ...data, pages };
}

/** Every loaded message once, oldest first. */
export function flattenMessages(data: MessagesData | undefined): MessageView[] {
  if (!data) return [];
  const byId = new Map<string, MessageView>();
  for (const page of data.pages) for (const m of page.messages) byId.set(m.id, byId.has(m.id) ? merge(byId.get(m.id)!, m) : m);
  return [...byId.values()].sort(compareMessages);
}
