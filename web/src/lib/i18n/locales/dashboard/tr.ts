import type dashboardPt from './pt';
import type { DeepStrings } from '../deep-strings';

const dashboard: DeepStrings<typeof dashboardPt> = {
  title: 'Gösterge paneli',
  loadFailed: 'Talep bilgileri alınamadı',
  filter: { label: 'Tarih filtresi', show: 'Filtrele', hide: 'Filtreyi gizle', from: 'Başlangıç tarihi', to: 'Bitiş tarihi', today: 'Bugün' },
  cards: {
    label: 'Göstergeler',
    inService: 'Hizmette',
    waiting: 'Bekleyen',
    online: 'Çevrimiçi temsilciler',
    onlineValue: '{{online}}/{{total}}',
    finished: 'Tamamlanan',
    sent: 'Gönderilen mesajlar',
    received: 'Alınan mesajlar',
    leads: 'Yeni potansiyel müşteriler',
    avgSupport: 'Ortalama hizmet süresi',
    avgWait: 'Ortalama bekleme süresi',
  },
  charts: { byUser: 'Kullanıcı başına talepler', byDay: 'Gün veya saat başına talepler', total: 'Toplam: {{count}}', tickets: 'Talepler', empty: 'Bu dönemde talep yok.' },
  attendants: { title: 'Temsilciler', name: 'Ad', tickets: 'Talepler', avgSupport: 'Ortalama süre', status: 'Durum', online: 'Çevrimiçi', offline: 'Çevrimdışı', empty: 'Temsilci yok.' },
};

export default dashboard;
