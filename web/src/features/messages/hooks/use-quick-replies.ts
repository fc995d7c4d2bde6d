import { useQuery } from '@tanstack/react-query';
import { getQuickMessagesQueryOptions } from '../../../lib/get-quick-messages';

/** The chat input's '/' suggestions: read again after a minute; a failure stays quiet (the input works without them). */
export const useQuickReplies = (enabled: boolean) => useQuery({ ...getQuickMessagesQueryOptions(), enabled, staleTime: 60_000, meta: { silent: true } });
