/** Portuguese texts of the Tickets by tag page (spec 3 "Tickets by tag", §8), the source of the keys. */
const ticketsByTag = {
  title: 'Tickets por tag',
  tag: 'Tag',
  choose: 'Selecione uma tag',
  noTags: 'Nenhuma tag cadastrada.',
  search: 'Buscar Tickets',
  none: 'Não foram encontrados tickets para a tag selecionada.',
  colName: 'Nome',
  colNumber: 'Número',
  colEmail: 'E-mail',
  colTicket: 'Ticket',
  open: 'Abrir o ticket nº {{id}} de {{name}}',
  found: '{{count}} ticket(s) encontrado(s).',
  more: 'Mostrando os {{count}} tickets mais recentes.',
  lane: 'lane',
};
export default ticketsByTag;
