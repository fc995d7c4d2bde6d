/** Portuguese texts of the dashboard screens (the source of the keys). */
const dashboard = {};

export default dashboard;
