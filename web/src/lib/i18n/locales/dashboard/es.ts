import type dashboardPt from './pt';
import type { DeepStrings } from '../deep-strings';

const dashboard: DeepStrings<typeof dashboardPt> = {
  title: 'Panel',
  loadFailed: 'Error al obtener la información de los tickets',
  filter: { label: 'Filtro por fecha', show: 'Filtrar', hide: 'Ocultar filtro', from: 'Fecha inicial', to: 'Fecha final', today: 'Hoy' },
  cards: {
    label: 'Indicadores',
    inService: 'En atención',
    waiting: 'En espera',
    online: 'Agentes en línea',
    onlineValue: '{{online}}/{{total}}',
    finished: 'Finalizados',
    sent: 'Mensajes enviados',
    received: 'Mensajes recibidos',
    leads: 'Nuevos leads',
    avgSupport: 'Tiempo medio de atención',
    avgWait: 'Tiempo medio de espera',
  },
  charts: { byUser: 'Tickets por usuario', byDay: 'Tickets por día u hora', total: 'Total: {{count}}', tickets: 'Tickets', empty: 'No hay tickets en este período.' },
  attendants: { title: 'Agentes', name: 'Nombre', tickets: 'Tickets', avgSupport: 'Tiempo medio', status: 'Estado', online: 'En línea', offline: 'Desconectado', empty: 'No hay agentes.' },
};

export default dashboard;
