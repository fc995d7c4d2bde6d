import type paymentCertificatePt from './pt';
import type { DeepStrings } from '../deep-strings';

const paymentCertificate: DeepStrings<typeof paymentCertificatePt> = {
  title: 'Ödeme sertifikası (Efí Pix)',
  hint: 'Efí hesabınızın .p12 sertifikası; her Pix API çağrısında kullanılır. Gizli olarak saklanır, asla gösterilmez ve indirilemez.',
  installed: 'Sertifika yüklü',
  notInstalled: 'Yüklü sertifika yok.',
  subject: 'Sahibi (CN)',
  expiresAt: 'Geçerlilik sonu',
  uploadedAt: 'Yüklenme tarihi',
  choose: '.p12 dosyası seç',
  noFile: 'Dosya seçilmedi',
  send: 'Gönder',
  sending: 'Gönderiliyor...',
  chooseFile: 'Bir dosya seçin!',
  onlyP12: 'Yalnızca .p12 biçimindeki dosyaları kullanın!',
  sent: 'Dosya başarıyla gönderildi!',
  webhookTitle: 'Pix webhook',
  webhookHint: 'Bir Pix ödemesi yapıldığında Efí\'nin çağıracağı adresi Efí\'ye kaydeder.',
  webhookRegister: 'Webhook kaydet',
  webhookRegisteredAt: '{{when}} tarihinde kaydedildi',
  webhookNever: 'Henüz kaydedilmedi.',
  webhookDone: 'Webhook başarıyla kaydedildi!',
};
export default paymentCertificate;
