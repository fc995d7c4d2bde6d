import type paymentCertificatePt from './pt';
import type { DeepStrings } from '../deep-strings';

const paymentCertificate: DeepStrings<typeof paymentCertificatePt> = {
  title: 'Payment certificate (Efí Pix)',
  hint: 'The .p12 certificate of your Efí account, used on every Pix API call. It is kept as a secret and is never shown or downloaded.',
  installed: 'Certificate installed',
  notInstalled: 'No certificate installed.',
  subject: 'Holder (CN)',
  expiresAt: 'Valid until',
  uploadedAt: 'Uploaded on',
  choose: 'Choose a .p12 file',
  noFile: 'No file chosen',
  send: 'Upload',
  sending: 'Uploading...',
  chooseFile: 'Choose a file!',
  onlyP12: 'Use only .p12 files!',
  sent: 'File uploaded successfully!',
  webhookTitle: 'Pix webhook',
  webhookHint: 'Registers at Efí the address it calls when a Pix charge is paid.',
  webhookRegister: 'Register webhook',
  webhookRegisteredAt: 'Registered on {{when}}',
  webhookNever: 'Not registered yet.',
  webhookDone: 'Webhook registered successfully!',
};
export default paymentCertificate;
