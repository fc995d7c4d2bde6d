/**
 * The server side of Meta's login (POST /facebook): the long-lived user token, the user's pages
 * and the app's webhook subscription on a page. Same Graph client and version as the senders
 * (graph.ts GRAPH_VERSION): the spec's "API version 16.0" is the login dialog's, and Meta has
 * retired v16.0 for server calls.
 */
import { graphFetch, GraphError } from './graph';

export type MetaPage = { id: string; name: string; accessToken: string; instagramId?: string };

/** The webhook fields a Messenger / Instagram connection needs. */
export const PAGE_FIELDS = ['messages', 'messaging_postbacks', 'message_reactions', 'message_echoes', 'message_deliveries', 'message_reads'] as const;

/** At most this many pages (100 a page of results): a login never walks an unbounded list. */
const MAX_PAGE_RESULTS = 5;

/** `GET /oauth/access_token?grant_type=fb_exchange_token`: a short-lived user token for a long-lived one. */
export async function exchangeUserToken(appId: string, appSecret: string, shortLived: string): Promise<string> {
  const q = new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: appId, client_secret: appSecret, fb_exchange_token: shortLived });
  const out = await graphFetch<{ access_token?: string }>('GET', `oauth/access_token?${q}`, shortLived);
  if (!out.access_token) throw new GraphError('graph: token exchange answered no access_token', 200, false);
  return out.access_token;
}

type AccountsPage = {
  data?: { id?: string; name?: string; access_token?: string; instagram_business_account?: { id?: string } }[];
  paging?: { next?: string };
};

/** `GET /{user-id}/accounts`: the pages the user manages, with their page access tokens. */
export async function listPages(userId: string, userToken: string): Promise<MetaPage[]> {
  const pages: MetaPage[] = [];
  let next: string | undefined = `${encodeURIComponent(userId)}/accounts?${new URLSearchParams({ fields: 'id,name,access_token,instagram_business_account', limit: '100' })}`;
  for (let i = 0; next && i < MAX_PAGE_RESULTS; i++) {
    const out: AccountsPage = await graphFetch<AccountsPage>('GET', next, userToken);
    for (const p of out.data ?? []) {
      if (!p.id || !p.access_token) continue; // a page the user cannot manage messages of
      pages.push({ id: p.id, name: p.name || p.id, accessToken: p.access_token, ...(p.instagram_business_account?.id ? { instagramId: p.instagram_business_account.id } : {}) });
    }
    // Follow Meta's cursor, but only back to the Graph host we talk to.
    next = out.paging?.next && sameOrigin(out.paging.next) ? out.paging.next : undefined;
  }
  return pages;
}

function sameOrigin(url: string): boolean {
  try {
    const base = new URL(process.env.GRAPH_BASE_URL || 'https://graph.facebook.com');
    return new URL(url).origin === base.origin;
  } catch {
    return false;
  }
}

/** `POST /{page-id}/subscribed_apps`: the app receives the page's messaging webhooks. */
export async function subscribePage(pageId: string, pageToken: string): Promise<void> {
  const q = new URLSearchParams({ subscribed_fields: PAGE_FIELDS.join(',') });
  const out = await graphFetch<{ success?: boolean }>('POST', `${encodeURIComponent(pageId)}/subscribed_apps?${q}`, pageToken);
  if (out.success === false) throw new GraphError(`graph: page ${pageId} refused the subscription`, 200, false);
}
