import type ratingsPt from './pt';
import type { DeepStrings } from '../deep-strings';

const ratings: DeepStrings<typeof ratingsPt> = {
  title: 'Calificaciones',
};

export default ratings;
