/** Portuguese texts of the chat screens (the source of the keys). */
const chat = {};

export default chat;
