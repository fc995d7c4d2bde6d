/** Portuguese texts of the tickets screens (the source of the keys). */
const tickets = {};

export default tickets;
