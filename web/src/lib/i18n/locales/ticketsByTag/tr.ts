import type ticketsByTagPt from './pt';
import type { DeepStrings } from '../deep-strings';

const ticketsByTag: DeepStrings<typeof ticketsByTagPt> = {
  title: 'Etikete göre talepler',
  tag: 'Etiket',
  choose: 'Bir etiket seçin',
  noTags: 'Henüz etiket yok.',
  search: 'Talepleri bul',
  none: 'Seçilen etiket için talep bulunamadı.',
  colName: 'Ad',
  colNumber: 'Numara',
  colEmail: 'E-posta',
  colTicket: 'Talep',
  open: '{{name}} kişisinin {{id}} numaralı talebini aç',
  found: '{{count}} talep bulundu.',
  more: 'En yeni {{count}} talep gösteriliyor.',
  lane: 'şerit',
};
export default ticketsByTag;
