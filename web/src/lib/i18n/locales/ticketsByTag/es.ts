import type ticketsByTagPt from './pt';
import type { DeepStrings } from '../deep-strings';

const ticketsByTag: DeepStrings<typeof ticketsByTagPt> = {
  title: 'Tickets por etiqueta',
  tag: 'Etiqueta',
  choose: 'Seleccione una etiqueta',
  noTags: 'Aún no hay etiquetas.',
  search: 'Buscar tickets',
  none: 'No se encontraron tickets para la etiqueta seleccionada.',
  colName: 'Nombre',
  colNumber: 'Número',
  colEmail: 'Correo',
  colTicket: 'Ticket',
  open: 'Abrir el ticket n.º {{id}} de {{name}}',
  found: '{{count}} ticket(s) encontrado(s).',
  more: 'Se muestran los {{count}} tickets más recientes.',
  lane: 'carril',
};
export default ticketsByTag;
