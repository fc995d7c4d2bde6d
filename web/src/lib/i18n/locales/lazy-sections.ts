/**
 * The sections pages register themselves (registerSection), for the completeness test only: no
 * page imports this file, so no chunk carries them all.
 */
import queuesEn from './queues/en';
import queuesEs from './queues/es';
import queuesPt from './queues/pt';
import queuesTr from './queues/tr';
import ratingsEn from './ratings/en';
import ratingsEs from './ratings/es';
import ratingsPt from './ratings/pt';
import ratingsTr from './ratings/tr';

export const LAZY_SECTIONS = {
  queues: { pt: queuesPt, en: queuesEn, es: queuesEs, tr: queuesTr },
  ratings: { pt: ratingsPt, en: ratingsEn, es: ratingsEs, tr: ratingsTr },
};
