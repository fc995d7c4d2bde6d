/** Portuguese texts of the contacts screens (the source of the keys). */
const contacts = {};

export default contacts;
