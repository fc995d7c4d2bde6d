import type paymentCertificatePt from './pt';
import type { DeepStrings } from '../deep-strings';

const paymentCertificate: DeepStrings<typeof paymentCertificatePt> = {
  title: 'Certificado de pago (Pix Efí)',
  hint: 'El certificado .p12 de su cuenta Efí, usado en todas las llamadas a la API Pix. Se guarda como secreto y nunca se muestra ni se descarga.',
  installed: 'Certificado instalado',
  notInstalled: 'No hay ningún certificado instalado.',
  subject: 'Titular (CN)',
  expiresAt: 'Válido hasta',
  uploadedAt: 'Enviado el',
  choose: 'Elegir archivo .p12',
  noFile: 'Ningún archivo elegido',
  send: 'Enviar',
  sending: 'Enviando...',
  chooseFile: '¡Elija un archivo!',
  onlyP12: '¡Use solo archivos en formato .p12!',
  sent: '¡Archivo enviado con éxito!',
  webhookTitle: 'Webhook Pix',
  webhookHint: 'Registra en Efí la dirección que llama cuando se paga un cobro Pix.',
  webhookRegister: 'Registrar webhook',
  webhookRegisteredAt: 'Registrado el {{when}}',
  webhookNever: 'Todavía no registrado.',
  webhookDone: '¡Webhook registrado con éxito!',
};
export default paymentCertificate;
