/** Portuguese texts of the ratings screens (the source of the keys). Registered lazily by the page (registerSection). */
const ratings = {
  title: 'Avaliações',
};

export default ratings;
