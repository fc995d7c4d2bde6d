import { useConnections } from '../../../lib/get-connections';

/**
 * The connections a ticket can go through (new ticket, new group, transfer). Read again after a
 * minute: only admins get the live connection events that keep the list current.
 */
export const useConnectionOptions = (enabled = true) => useConnections({ enabled, staleTime: 60_000 });
