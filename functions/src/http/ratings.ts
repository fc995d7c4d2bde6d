import { groupHandler } from '../lib/http';

export const handler = groupHandler('ratings', {});
