import type queuesPt from './pt';
import type { DeepStrings } from '../deep-strings';

const queues: DeepStrings<typeof queuesPt> = {
  title: 'Kuyruklar ve Chatbot',
};

export default queues;
