/** Portuguese texts of the queues screens (the source of the keys). Registered lazily by the page (registerSection). */
const queues = {
  title: 'Filas & Chatbot',
};

export default queues;
