/** Portuguese texts of the dashboard screens (the source of the keys). */
const dashboard = {
  title: 'Dashboard',
  loadFailed: 'Erro ao buscar informações dos tickets',
  filter: {
    label: 'Filtro por data',
    show: 'Filtrar',
    hide: 'Ocultar filtro',
    from: 'Data inicial',
    to: 'Data final',
    today: 'Hoje',
  },
  cards: {
    label: 'Indicadores',
    inService: 'Em atendimento',
    waiting: 'Aguardando',
    online: 'Atendentes online',
    onlineValue: '{{online}}/{{total}}',
    finished: 'Finalizados',
    sent: 'Mensagens enviadas',
    received: 'Mensagens recebidas',
    leads: 'Novos leads',
    avgSupport: 'Tempo médio de atendimento',
    avgWait: 'Tempo médio de espera',
  },
  charts: {
    byUser: 'Atendimentos por usuário',
    byDay: 'Atendimentos por dia ou hora',
    total: 'Total: {{count}}',
    tickets: 'Atendimentos',
    empty: 'Nenhum atendimento neste período.',
  },
  attendants: {
    title: 'Atendentes',
    name: 'Nome',
    tickets: 'Atendimentos',
    avgSupport: 'Tempo médio',
    status: 'Status',
    online: 'Online',
    offline: 'Offline',
    empty: 'Nenhum atendente.',
  },
};

export default dashboard;
