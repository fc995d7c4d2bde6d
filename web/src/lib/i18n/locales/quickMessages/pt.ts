/** Portuguese texts of the quickMessages screens (the source of the keys). */
const quickMessages = {};

export default quickMessages;
