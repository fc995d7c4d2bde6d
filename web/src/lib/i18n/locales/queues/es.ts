import type queuesPt from './pt';
import type { DeepStrings } from '../deep-strings';

const queues: DeepStrings<typeof queuesPt> = {
  title: 'Colas y Chatbot',
};

export default queues;
